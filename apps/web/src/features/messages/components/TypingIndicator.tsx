import { typingIn, typingText } from '../rules/typing';
import { useTypingEntries } from '../state/typing-store';
import { useStream } from '../streaming/stream-context';
import { Msg } from '../../../platform/i18n/Msg';
import { useT } from '../../../platform/i18n/use-t';

/** 'X is typing...', 'X and Y are typing...', 'A, B and C are typing...' (SPEC §4). */
export function TypingIndicator({
  conversationId,
  currentUserId,
}: {
  conversationId: string;
  currentUserId: string;
}) {
  const { typing } = useStream();
  const entries = typingIn(useTypingEntries(typing), conversationId, currentUserId);
  const t = useT();
  const text = typingText(entries, t('messages.typing.someone'));
  if (!text) return null;
  // names are isolated: a right-to-left name must not reorder the sentence around it
  const label =
    text.kind === 'one' ? (
      <Msg id="messages.typing.one" values={{ name: <bdi>{text.name}</bdi> }} />
    ) : text.kind === 'two' ? (
      <Msg
        id="messages.typing.two"
        values={{ first: <bdi>{text.first}</bdi>, second: <bdi>{text.second}</bdi> }}
      />
    ) : (
      <Msg
        id="messages.typing.many"
        values={{ names: <bdi>{text.names}</bdi>, last: <bdi>{text.last}</bdi> }}
      />
    );
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
