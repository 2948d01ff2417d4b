import './multi-column.css';
import { Outlet } from 'react-router';
import { useSettings } from '../../api/queries';
import { useInitialState } from '../initial-state-context';
import { effectiveColumns } from '../../features/settings/deck-columns';
import { PinnedColumn } from './PinnedColumn';
import { SignedInDock } from './SignedInDock';

/** Columns from the user's settings (a default set when there are none), then the routed column. */
export function MultiColumnLayout() {
  const { identity } = useInitialState();
  const settings = useSettings();
  const columns = effectiveColumns(settings.columns, identity.signedIn);
  return (
    <div
      className={identity.signedIn ? 'ui ui--multi ui--docked' : 'ui ui--multi'}
      data-layout="multi-column"
    >
      <div className="columns-area columns-area--multi">
        {columns.map((column) => (
          <PinnedColumn key={column.uuid} column={column} />
        ))}
        <main className="column-slot column-slot--routed" id="main">
          <Outlet />
        </main>
      </div>
      {identity.signedIn && <SignedInDock />}
    </div>
  );
}
