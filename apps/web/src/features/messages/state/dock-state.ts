import type { Participant } from '../model';

/** The box's UI state (SPEC §4 "Box"), kept apart from the components that show it. */
export type DockScreen = 'list' | 'chat' | 'picker' | 'group';

export interface DockState {
  expanded: boolean;
  screen: DockScreen;
  /** the open conversation, or null for a new one-to-one chat not created yet */
  conversationId: string | null;
  /** the partner of a new one-to-one chat (sending creates the conversation with recipient_id) */
  recipient: Participant | null;
  /** a message to scroll to and highlight (opened from search) */
  highlightMessageId: string | null;
  /** the partner of the one-to-one chat a new group is being made from */
  groupSeed: Participant | null;
}

export type DockAction =
  | { type: 'toggle' }
  | { type: 'expand' }
  | { type: 'show'; screen: 'list' | 'picker' | 'group'; groupSeed?: Participant | null }
  | { type: 'openChat'; conversationId: string; highlightMessageId?: string | null }
  | { type: 'openNewChat'; recipient: Participant }
  | { type: 'clearHighlight' };

export const initialDockState: DockState = {
  expanded: false,
  screen: 'list',
  conversationId: null,
  recipient: null,
  highlightMessageId: null,
  groupSeed: null,
};

const closedChat = {
  conversationId: null,
  recipient: null,
  highlightMessageId: null,
  groupSeed: null,
} as const;

export function dockReducer(state: DockState, action: DockAction): DockState {
  switch (action.type) {
    case 'toggle':
      // toggling resets the open chat
      return { ...state, ...closedChat, expanded: !state.expanded, screen: 'list' };
    case 'expand':
      return { ...state, expanded: true };
    case 'show':
      return {
        ...state,
        ...closedChat,
        expanded: true,
        screen: action.screen,
        groupSeed: action.groupSeed ?? null,
      };
    case 'openChat':
      return {
        ...state,
        expanded: true,
        screen: 'chat',
        conversationId: action.conversationId,
        recipient: null,
        highlightMessageId: action.highlightMessageId ?? null,
      };
    case 'openNewChat':
      return { ...state, ...closedChat, expanded: true, screen: 'chat', recipient: action.recipient };
    case 'clearHighlight':
      return { ...state, highlightMessageId: null };
  }
}
