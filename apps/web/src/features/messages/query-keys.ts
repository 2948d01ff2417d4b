/** TanStack Query keys of the message box's server state. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  unread: () => ['messages', 'unread'] as const,
  conversation: (id: string) => [...messageKeys.conversationsRead(), id] as const,
  /** the messages read of every conversation (each one's first page also carries the conversation) */
  conversationsRead: () => ['messages', 'conversation'] as const,
  preferences: () => ['messages', 'preferences'] as const,
  blockStatus: (id: string) => ['messages', 'block-status', id] as const,
  settings: (id: string) => [...messageKeys.allSettings(), id] as const,
  /** every conversation's settings: a changed preference changes their inherited values */
  allSettings: () => ['messages', 'settings'] as const,
  users: (search: string) => ['messages', 'users', search] as const,
  activeStatus: (userId: string, conversationId: string) =>
    [...messageKeys.activeStatusIn(conversationId), userId] as const,
  /** every active status read for one conversation: a block in it changes them */
  activeStatusIn: (conversationId: string) => ['messages', 'active-status', conversationId] as const,
  search: (q: string, conversationId: string | null) => ['messages', 'search', q, conversationId] as const,
};
