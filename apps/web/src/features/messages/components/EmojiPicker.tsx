import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { useCallback, useEffect, useState, type Ref } from 'react';
import { Button } from '../../../components/Button';
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

/** Room kept between the picker and the composer's top, and between the picker and the box's edges. */
const GAP = 6;
const EDGE = 8;

/**
 * Placed by floating-ui above the composer (`anchor`), right edges 8 px apart; below it when there is no room
 * above, kept inside the box and no larger than the room there is (a phone).
 */
export function EmojiPicker({
  anchor,
  onPick,
  ref,
}: {
  anchor: HTMLElement | null;
  onPick: (emoji: string) => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  const [active, setActive] = useState(0);
  const category = categories[active] ?? categories[0];
  const { refs, floatingStyles } = useFloating({
    placement: 'top-end',
    middleware: [
      offset({ mainAxis: GAP, crossAxis: -EDGE }),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableWidth, availableHeight, elements }) {
          elements.floating.style.maxWidth = `${Math.max(0, availableWidth)}px`;
          elements.floating.style.maxHeight = `${Math.max(0, availableHeight)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  useEffect(() => refs.setReference(anchor), [anchor, refs]);
  // the element is both the floating one and the caller's (the composer's outside-click check)
  const floatingRef = useCallback(
    (element: HTMLDivElement | null) => {
      refs.setFloating(element);
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [refs, ref],
  );
  return (
    <div ref={floatingRef} style={floatingStyles} className="mbox-emoji-picker" data-testid="emoji-picker">
      <div className="mbox-emoji-picker__tabs" role="tablist">
        {categories.map((c, index) => (
          <Button
            key={c.key}
            variant="bare"
            role="tab"
            aria-selected={index === active}
            className={index === active ? 'is-active' : ''}
            onClick={() => setActive(index)}
          >
            {t(c.label)}
          </Button>
        ))}
      </div>
      <div className="mbox-emoji-picker__grid" role="tabpanel" aria-label={t(category.label)}>
        {category.emojis.map((emoji) => (
          <Button key={emoji} variant="bare" onClick={() => onPick(emoji)} aria-label={emoji}>
            {emoji}
          </Button>
        ))}
      </div>
    </div>
  );
}
