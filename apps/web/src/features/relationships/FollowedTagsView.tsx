import type { Tag } from '@palchat/api';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { tags } from '../timelines';
import { RemovableItemList } from './relationship-lists';

export function FollowedTagsView() {
  return (
    <RemovableItemList<Tag>
      icon="tag"
      title="column.followed_tags"
      listKey="followed-tags"
      path="/api/v1/followed_tags"
      empty="empty.followed_tags"
      itemKey={(tag) => tag.name}
      renderLabel={(tag) => (
        <Link to={`/tags/${encodeURIComponent(tag.name)}`} className="account-row__link">
          <Icon name="tag" size={20} />
          <strong>#{tag.name}</strong>
        </Link>
      )}
      removal={(tag) => tags.setFollowing(tag.name, false)}
      removeLabel="followed_tags.unfollow"
    />
  );
}
