import { useIntl } from 'react-intl';
import { m } from '../messages';
import { typingIn, typingText } from '../rules/typing';
import { useTypingEntries } from '../state/typing-store';
import { useStream } from '../streaming/stream-context';

/** 'X is typing...', 'X and Y are typing...', 'A, B and C are typing...' (SPEC §4). */
export function TypingIndicator({
  conversationId,
  currentUserId,
}: {
  conversationId: string;
  currentUserId: string;
}) {
  const intl = useIntl();
  const { typing } = useStream();
  const entries = typingIn(useTypingEntries(typing), conversationId, currentUserId);
  const text = typingText(entries, intl.formatMessage(m.someone));
  if (!text) return null;
  const label =
    text.kind === 'one'
      ? intl.formatMessage(m.typingOne, { name: text.name })
      : text.kind === 'two'
        ? intl.formatMessage(m.typingTwo, { first: text.first, second: text.second })
        : intl.formatMessage(m.typingMany, { names: text.names, last: text.last });
  return (
    <div className="mbox-typing" role="status" data-testid="typing-indicator">
      <span className="mbox-typing__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {label}
    </div>
  );
}
