import type { DockState } from '../state/dock-state';
import { ChatView } from './ChatView';
import { ConversationList } from './ConversationList';
import { GroupCreation } from './GroupCreation';
import { UserPicker } from './UserPicker';
import { ToastList } from '../../../platform/toasts';
import { BOX_TOAST_REGION } from '../state/toasts';

/** The expanded box's current screen and its toasts (loaded with the first expansion, see DockPane). */
export default function DockBody({ screen }: { screen: DockState['screen'] }) {
  return (
    <>
      {screen === 'chat' ? <ChatView /> : null}
      {screen === 'picker' ? <UserPicker /> : null}
      {screen === 'group' ? <GroupCreation /> : null}
      {screen === 'list' ? <ConversationList /> : null}
      <ToastList region={BOX_TOAST_REGION} className="mbox-toasts" />
    </>
  );
}
