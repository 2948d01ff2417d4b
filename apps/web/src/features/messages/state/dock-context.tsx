import { createContext, useContext, useMemo, useReducer, type ReactNode } from 'react';
import type { Participant } from '../model';
import { dockReducer, initialDockState, type DockState } from './dock-state';

export interface DockApi extends DockState {
  currentUserId: string;
  toggle: () => void;
  expand: () => void;
  showList: () => void;
  showPicker: () => void;
  showGroupCreation: (seed?: Participant | null) => void;
  openChat: (conversationId: string, highlightMessageId?: string | null) => void;
  openNewChat: (recipient: Participant) => void;
  clearHighlight: () => void;
}

const DockContext = createContext<DockApi | null>(null);

export function DockProvider({ currentUserId, children }: { currentUserId: string; children: ReactNode }) {
  const [state, dispatch] = useReducer(dockReducer, initialDockState);
  const value = useMemo<DockApi>(
    () => ({
      ...state,
      currentUserId,
      toggle: () => dispatch({ type: 'toggle' }),
      expand: () => dispatch({ type: 'expand' }),
      showList: () => dispatch({ type: 'show', screen: 'list' }),
      showPicker: () => dispatch({ type: 'show', screen: 'picker' }),
      showGroupCreation: (seed) => dispatch({ type: 'show', screen: 'group', groupSeed: seed ?? null }),
      openChat: (conversationId, highlightMessageId) =>
        dispatch({ type: 'openChat', conversationId, highlightMessageId }),
      openNewChat: (recipient) => dispatch({ type: 'openNewChat', recipient }),
      clearHighlight: () => dispatch({ type: 'clearHighlight' }),
    }),
    [state, currentUserId],
  );
  return <DockContext.Provider value={value}>{children}</DockContext.Provider>;
}

export function useDock(): DockApi {
  const dock = useContext(DockContext);
  if (!dock) throw new Error('useDock must be used inside <DockProvider>');
  return dock;
}
