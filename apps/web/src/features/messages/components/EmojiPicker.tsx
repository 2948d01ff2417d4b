import { forwardRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { m } from '../messages';

/** The composer's emoji picker: four categories (SPEC §2). */
const categories = [
  {
    key: 'smileys',
    label: m.emojiSmileys,
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
    label: m.emojiHearts,
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
    label: m.emojiGestures,
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
    label: m.emojiOthers,
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
    const intl = useIntl();
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
              {intl.formatMessage(c.label)}
            </button>
          ))}
        </div>
        <div
          className="mbox-emoji-picker__grid"
          role="tabpanel"
          aria-label={intl.formatMessage(category.label)}
        >
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
