import { useMemo } from 'react';
import { twemojiNeeded } from './emoji-support';
import { splitEmoji } from './twemoji';

/** Plain text (a name, a chat message) whose emoji show as images where the system cannot draw them. */
export function EmojiText({ text }: { text: string }) {
  const parts = useMemo(() => (twemojiNeeded() ? splitEmoji(text) : null), [text]);
  if (!parts) return text;
  return parts.map((part, index) =>
    'emoji' in part ? (
      <img key={index} className="emoji" src={part.src} alt={part.emoji} draggable={false} />
    ) : (
      part.text
    ),
  );
}
