import type { DockState } from '../state/dock-state';
import { ChatView } from './ChatView';
import { ConversationList } from './ConversationList';
import { GroupCreation } from './GroupCreation';
import { Notifications } from './Notifications';
import { UserPicker } from './UserPicker';

/** The expanded box's current screen and its toasts (loaded with the first expansion, see DockPane). */
export default function DockBody({ screen }: { screen: DockState['screen'] }) {
  return (
    <>
      {screen === 'chat' ? <ChatView /> : null}
      {screen === 'picker' ? <UserPicker /> : null}
      {screen === 'group' ? <GroupCreation /> : null}
      {screen === 'list' ? <ConversationList /> : null}
      <Notifications />
    </>
  );
}
