import { useIntl } from 'react-intl';
import { m } from '../messages';
import { useUnreadCount } from '../data/queries';
import { useDock } from '../state/dock-context';
import { ChatView } from './ChatView';
import { ConversationList } from './ConversationList';
import { GroupCreation } from './GroupCreation';
import { Notifications } from './Notifications';
import { Toolbar } from './Toolbar';
import { UserPicker } from './UserPicker';

/** The docked pane: the toolbar, and when expanded the current screen. Holds no state of its own. */
export function DockPane() {
  const intl = useIntl();
  const dock = useDock();
  const unread = useUnreadCount().data?.unread_count ?? 0;

  return (
    <section
      className={`mbox ${dock.expanded ? 'mbox--expanded' : 'mbox--collapsed'}`}
      aria-label={intl.formatMessage(m.title)}
      data-testid="message-box"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && dock.expanded && dock.screen !== 'list' && !event.defaultPrevented) {
          const target = event.target as HTMLElement;
          if (target.closest('.mbox-modal, [role="menu"]')) return;
          dock.showList();
        }
      }}
    >
      <Toolbar
        expanded={dock.expanded}
        unread={unread}
        onToggle={dock.toggle}
        onCompose={dock.showPicker}
        onGroup={() => dock.showGroupCreation()}
      />
      {dock.expanded ? (
        <div className="mbox__body">
          {dock.screen === 'chat' ? <ChatView /> : null}
          {dock.screen === 'picker' ? <UserPicker /> : null}
          {dock.screen === 'group' ? <GroupCreation /> : null}
          {dock.screen === 'list' ? <ConversationList /> : null}
          <Notifications />
        </div>
      ) : null}
    </section>
  );
}
