import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect } from 'react';
import { REACTION_EMOJIS } from '../rules/constants';
import { Button } from '../../../components/Button';
import { useT } from '../../../platform/i18n/use-t';

/**
 * The row of reactions above a message's React button. Placed by floating-ui inside the list's visible area:
 * flipped below the button near the top, shifted left or right so that every emoji stays within the box.
 */
export function ReactionPicker({
  anchor,
  own,
  onPick,
  pickerRef,
}: {
  anchor: HTMLElement | null;
  /** the viewer's message (right side): the row grows leftwards */
  own: boolean;
  onPick: (emoji: string) => void;
  pickerRef: (element: HTMLDivElement | null) => void;
}) {
  const t = useT();
  const { refs, floatingStyles } = useFloating({
    placement: own ? 'top-end' : 'top-start',
    middleware: [offset(4), flip({ padding: 4 }), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  useEffect(() => refs.setReference(anchor), [anchor, refs]);
  return (
    <div
      ref={(element) => {
        refs.setFloating(element);
        pickerRef(element);
      }}
      style={floatingStyles}
      className="mbox-reaction-picker"
      role="group"
      aria-label={t('messages.message.react')}
      data-testid="reaction-picker"
    >
      {REACTION_EMOJIS.map((emoji) => (
        <Button
          key={emoji}
          variant="bare"
          aria-label={t('messages.message.react_with', { emoji })}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </Button>
      ))}
    </div>
  );
}
