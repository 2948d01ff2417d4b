import { UndoAccountList } from './relationship-lists';

export function MutesView() {
  return (
    <UndoAccountList
      icon="mute"
      title="column.mutes"
      listKey="mutes"
      empty="empty.mutes"
      undo="unmute"
      label="mutes.unmute"
    />
  );
}
