import { forwardRef, useState } from 'react';
import { useT } from '../../../platform/i18n/use-t';

/** The composer's emoji picker: four categories (SPEC §2). */
const categories = [
  {
    key: 'smileys',
    label: 'messages.emoji.smileys',
    emojis: [
      '😀',
      '😃',
      '😄',
      '😁',
      '😆',
      '😅',
      '😂',
      '🤣',
      '😊',
      '😇',
      '🙂',
      '😉',
      '😍',
      '🥰',
      '😘',
      '😋',
      '😜',
      '🤪',
      '😎',
      '🤩',
      '🥳',
      '😏',
      '😢',
      '😭',
      '😤',
      '😠',
      '😮',
      '😱',
      '🤔',
      '🤗',
      '😴',
      '🙃',
    ],
  },
  {
    key: 'hearts',
    label: 'messages.emoji.hearts',
    emojis: [
      '❤️',
      '🧡',
      '💛',
      '💚',
      '💙',
      '💜',
      '🖤',
      '🤍',
      '🤎',
      '💔',
      '❣️',
      '💕',
      '💞',
      '💓',
      '💗',
      '💖',
      '💘',
      '💝',
    ],
  },
  {
    key: 'gestures',
    label: 'messages.emoji.gestures',
    emojis: [
      '👍',
      '👎',
      '👏',
      '🙌',
      '👋',
      '🤝',
      '🙏',
      '✌️',
      '🤞',
      '👌',
      '🤙',
      '💪',
      '👊',
      '✊',
      '🤘',
      '👉',
      '👈',
      '☝️',
    ],
  },
  {
    key: 'others',
    label: 'messages.emoji.others',
    emojis: [
      '🔥',
      '✨',
      '🎉',
      '🎊',
      '💯',
      '⭐',
      '🌟',
      '☀️',
      '🌈',
      '🍕',
      '☕',
      '🍰',
      '🎁',
      '🎵',
      '⚽',
      '🚀',
      '📷',
      '💬',
    ],
  },
] as const;

export const EmojiPicker = forwardRef<HTMLDivElement, { onPick: (emoji: string) => void }>(
  function EmojiPicker({ onPick }, ref) {
    const t = useT();
    const [active, setActive] = useState(0);
    const category = categories[active] ?? categories[0];
    return (
      <div ref={ref} className="mbox-emoji-picker" data-testid="emoji-picker">
        <div className="mbox-emoji-picker__tabs" role="tablist">
          {categories.map((c, index) => (
            <button
              key={c.key}
              type="button"
              role="tab"
              aria-selected={index === active}
              className={index === active ? 'is-active' : ''}
              onClick={() => setActive(index)}
            >
              {t(c.label)}
            </button>
          ))}
        </div>
        <div className="mbox-emoji-picker__grid" role="tabpanel" aria-label={t(category.label)}>
          {category.emojis.map((emoji) => (
            <button key={emoji} type="button" onClick={() => onPick(emoji)} aria-label={emoji}>
              {emoji}
            </button>
          ))}
        </div>
      </div>
    );
  },
);
