import { useQueryClient } from '@tanstack/react-query';
import { refreshChatsWith } from '../messages';
import { UndoAccountList } from './relationship-lists';

export function BlocksView() {
  const client = useQueryClient();
  return (
    <UndoAccountList
      onUndone={(account) => refreshChatsWith(client, account.id)}
      icon="block"
      title="column.blocks"
      listKey="blocks"
      empty="empty.blocks"
      undo="unblock"
      label="blocks.unblock"
    />
  );
}
