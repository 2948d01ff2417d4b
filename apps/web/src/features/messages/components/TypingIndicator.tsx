import { typingIn, typingText } from '../rules/typing';
import { useTypingEntries } from '../state/typing-store';
import { useStream } from '../streaming/stream-context';
import { useT } from '../../../platform/i18n/use-t';

/** 'X is typing...', 'X and Y are typing...', 'A, B and C are typing...' (SPEC §4). */
export function TypingIndicator({
  conversationId,
  currentUserId,
}: {
  conversationId: string;
  currentUserId: string;
}) {
  const t = useT();
  const { typing } = useStream();
  const entries = typingIn(useTypingEntries(typing), conversationId, currentUserId);
  const text = typingText(entries, t('messages.typing.someone'));
  if (!text) return null;
  const label =
    text.kind === 'one'
      ? t('messages.typing.one', { name: text.name })
      : text.kind === 'two'
        ? t('messages.typing.two', { first: text.first, second: text.second })
        : t('messages.typing.many', { names: text.names, last: text.last });
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
