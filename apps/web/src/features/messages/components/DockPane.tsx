import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { lazyWithMessages, withMessages } from '../../../platform/lazy-with-messages';
import { takeMessageBoxRequest, useMessageBoxRequests } from '../../../platform/message-box-request';
import { useUnreadCount } from '../data/queries';
import { useDock } from '../state/dock-context';
import { Toolbar } from './Toolbar';
import { useT } from '../../../platform/i18n/use-t';

const loadBody = () => withMessages(() => import('./DockBody'));
const DockBody = lazyWithMessages(loadBody);

/** Opens the box for each request from outside it (app/message-box-request.ts), those made before it loaded too. */
function useOpenOnRequest(expand: () => void, box: RefObject<HTMLElement | null>): void {
  const requests = useMessageBoxRequests();
  useEffect(() => {
    if (!takeMessageBoxRequest()) return;
    expand();
    // the tab that asked is under the box now (it fills a phone's screen): focus goes into it
    box.current?.querySelector<HTMLElement>('.mbox-toolbar__title-button')?.focus();
  }, [requests, expand, box]);
}

/**
 * The docked pane: the toolbar, and when expanded the current screen. Holds no state of its own. The screens
 * (lists, chat, virtualizer) are a chunk of their own, fetched when the pointer or focus comes to the toolbar,
 * so the minimised box that loads with every page is only its toolbar, badge and stream.
 */
export function DockPane() {
  const t = useT();
  const dock = useDock();
  const unread = useUnreadCount().data?.unread_count ?? 0;
  const box = useRef<HTMLElement>(null);
  useOpenOnRequest(dock.expand, box);

  return (
    <section
      ref={box}
      onPointerEnter={() => void loadBody()}
      onFocus={() => void loadBody()}
      className={`mbox ${dock.expanded ? 'mbox--expanded' : 'mbox--collapsed'}`}
      aria-label={t('messages.title')}
      data-testid="message-box"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && dock.expanded && dock.screen !== 'list' && !event.defaultPrevented) {
          const target = event.target as HTMLElement;
          if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
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
          <Suspense
            fallback={
              <p className="mbox-state" role="status">
                {t('messages.loading')}
              </p>
            }
          >
            <DockBody screen={dock.screen} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
