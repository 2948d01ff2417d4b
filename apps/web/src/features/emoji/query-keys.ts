/** Query keys of the emoji the composer offers. */
export const emojiKeys = {
  unicode: ['emoji', 'unicode'] as const,
  custom: ['custom_emojis'] as const,
};
