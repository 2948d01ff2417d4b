import { Avatar } from '../../../components/Avatar';

/** Two overlapping avatars for a group. */
export function GroupAvatar({
  people,
  size = 40,
}: {
  people: { avatar: string; display_name: string; username: string }[];
  size?: number;
}) {
  const [first, second] = people;
  const small = Math.round(size * 0.7);
  return (
    <span className="mbox-group-avatar" style={{ width: size, height: size }}>
      <span className="mbox-group-avatar__back">
        <Avatar src={second?.avatar} name={second?.display_name || second?.username || '?'} size={small} />
      </span>
      <span className="mbox-group-avatar__front">
        <Avatar src={first?.avatar} name={first?.display_name || first?.username || '?'} size={small} />
      </span>
    </span>
  );
}
