import './multi-column.css';
import type { Column } from '@palchat/api';
import { useIsMutating } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, type Location } from 'react-router';
import { useSettings } from '../../api/queries';
import { useInitialState } from '../../platform/initial-state-context';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { LoadingIndicator } from '../../components/States';
import { effectiveColumns, pinnedColumnForPath } from '../../features/settings/deck-columns';
import { DECK_SAVE_KEY } from '../../features/settings/use-deck-columns';
import { PinnedColumn } from './PinnedColumn';
import { SelectedColumnContext } from '../../platform/pinned-column-context';
import { SignedInDock } from './SignedInDock';

const GettingStarted = lazyWithMessages(async () => ({
  default: (await import('../../features/navigation/GettingStartedView')).GettingStartedView,
}));

/**
 * The pinned column the address names. An address with a query names another view of it (the notifications
 * of one type: `?filter=mention`), which the routed column shows. While a change of the columns is being saved
 * the selection holds: the routed column being pinned stays on screen, with its settings panel, until the server
 * has accepted it.
 */
function useSelectedColumn(columns: Column[], { pathname, search }: Location): Column | undefined {
  const saving = useIsMutating({ mutationKey: DECK_SAVE_KEY }) > 0;
  const found = search ? undefined : pinnedColumnForPath(columns, pathname);
  const [held, setHeld] = useState(found);
  if (!saving && held !== found) setHeld(found);
  return saving ? held : found;
}

/**
 * Columns from the user's settings (a default set when there are none), then the routed column. A path that
 * names a pinned column (the drawer's bell while Notifications is pinned) selects that column instead of
 * showing it twice; the routed column then shows the navigation, as /deck/getting-started does.
 */
export function MultiColumnLayout() {
  const { identity } = useInitialState();
  const settings = useSettings();
  const location = useLocation();
  const columns = useMemo(
    () => effectiveColumns(settings.columns, identity.signedIn),
    [settings.columns, identity.signedIn],
  );
  const selected = useSelectedColumn(columns, location);
  return (
    <div
      className={identity.signedIn ? 'ui ui--multi ui--docked' : 'ui ui--multi'}
      data-layout="multi-column"
    >
      <div className="columns-area columns-area--multi">
        {columns.map((column) => (
          <PinnedColumn key={column.uuid} column={column} selected={column.uuid === selected?.uuid} />
        ))}
        <main className="column-slot column-slot--routed" id="main">
          {selected ? (
            <SelectedColumnContext.Provider value={selected}>
              <Suspense fallback={<LoadingIndicator />}>
                <GettingStarted />
              </Suspense>
            </SelectedColumnContext.Provider>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      {identity.signedIn && <SignedInDock />}
    </div>
  );
}
