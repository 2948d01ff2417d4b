import type { MessageId } from '../../../platform/i18n/messages';
import type { Message } from '../model';
import type { SystemKind } from './timeline';

/**
 * Rows an encrypted chat writes itself carry their kind (`SYSTEM_MARK` + kind as content, to-message.ts); they
 * get their text in the viewer's language when shown.
 */
export const SYSTEM_MARK = '\u0000e2ee:';

type RowKind = SystemKind | 'undecryptable';

const TEXTS: Record<RowKind, MessageId> = {
  device_added: 'messages.e2ee.device_added',
  device_removed: 'messages.e2ee.device_removed',
  removed: 'messages.e2ee.removed',
  history_gap: 'messages.e2ee.history_gap',
  undecryptable: 'messages.e2ee.undecryptable',
};

export function systemContent(kind: RowKind): string {
  return SYSTEM_MARK + kind;
}

export function systemKindOf(message: Message): RowKind | null {
  if (!message.is_system_message || !message.content.startsWith(SYSTEM_MARK)) return null;
  const kind = message.content.slice(SYSTEM_MARK.length);
  return kind in TEXTS ? (kind as RowKind) : null;
}

export function withSystemTexts(
  messages: Message[],
  t: (id: MessageId, values?: Record<string, string>) => string,
): Message[] {
  return messages.map((message) => {
    const kind = systemKindOf(message);
    if (!kind) return message;
    const name = message.sender.display_name || message.sender.username;
    return { ...message, content: t(TEXTS[kind], { name }) };
  });
}
