import type { MessageId } from '../../../platform/i18n/messages';
import type { Message } from '../model';
import type { SystemKind } from './timeline';

/**
 * The rows an encrypted chat writes itself (timeline.ts systemRecord: `system:<seq>:<kind>:<account>`) get their
 * text in the viewer's language when shown.
 */
const TEXTS: Record<SystemKind, MessageId> = {
  device_added: 'messages.e2ee.device_added',
  device_removed: 'messages.e2ee.device_removed',
  removed: 'messages.e2ee.removed',
  history_gap: 'messages.e2ee.history_gap',
};

export function systemKindOf(message: Message): SystemKind | null {
  if (!message.is_system_message || !message.id.startsWith('system:')) return null;
  const kind = message.id.split(':')[2];
  return kind && kind in TEXTS ? (kind as SystemKind) : null;
}

export function withSystemTexts(
  messages: Message[],
  t: (id: MessageId, values?: Record<string, string>) => string,
): Message[] {
  return messages.map((message) => {
    const kind = systemKindOf(message);
    if (!kind || message.content !== '') return message;
    const name = message.sender.display_name || message.sender.username;
    return { ...message, content: t(TEXTS[kind], { name }) };
  });
}
