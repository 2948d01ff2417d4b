import type { Column } from '@palchat/api';
import { queryKeys, useSaveSettings, useSettings } from '../../api/queries';
import { useInitialState } from '../../platform/initial-state-context';
import { addColumn, effectiveColumns, moveColumn, removeColumn, type ColumnSpec } from './deck-columns';

/** The mutation key of the deck's saves (useMutationState reads their state). */
export const DECK_SAVE_KEY = [...queryKeys.settings, 'columns'] as const;

/**
 * The deck's columns and the operations on them. Each change shows at once and is saved with
 * PUT /api/web/settings; `save` tells whether it is pending, saved or refused.
 */
export function useDeckColumns() {
  const { identity } = useInitialState();
  const settings = useSettings();
  const save = useSaveSettings(DECK_SAVE_KEY[1]);
  const columns = effectiveColumns(settings.columns, identity.signedIn);
  const update = (next: Column[], onSaved?: () => void) => {
    if (next !== columns) save.mutate({ columns: next }, { onSuccess: onSaved });
  };
  return {
    columns,
    save,
    add: (spec: ColumnSpec, onSaved?: () => void) => update(addColumn(columns, spec), onSaved),
    move: (uuid: string, direction: -1 | 1) => update(moveColumn(columns, uuid, direction)),
    /** the last column stays: with none saved, the deck would fall back to the default set */
    remove: (uuid: string) => {
      if (columns.length > 1) update(removeColumn(columns, uuid));
    },
  };
}
