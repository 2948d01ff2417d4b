// What other features may use of emoji: import it from here, never from the files inside.
export { EmojiText } from './EmojiText';
export { emojiText, matchShortcodes, shortcodeAtCaret } from './shortcodes';
export type { EmojiEntry } from './shortcodes';
