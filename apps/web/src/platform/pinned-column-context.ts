import { createContext, useContext } from 'react';
import type { Column } from '@palchat/api';

/** The deck column a view is pinned as; null for the routed column (and outside the deck). */
export const PinnedColumnContext = createContext<Column | null>(null);

export const usePinnedColumn = () => useContext(PinnedColumnContext);

/** The pinned column the route names in the deck (then the routed column shows the navigation), if any. */
export const SelectedColumnContext = createContext<Column | undefined>(undefined);

/** The props of a view shown as a pinned deck column. */
export interface PinnedColumnProps {
  params: Record<string, unknown>;
}
