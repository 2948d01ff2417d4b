import type { Message } from '../model';

export type ReceiptState = 'sent' | 'delivered' | 'read';

/** SPEC §4: sent (no id), delivered (has id), read (read_by holds someone other than the sender). */
export function receiptState(message: Message, currentUserId: string): ReceiptState | null {
  if (message.sender.id !== currentUserId || message.is_system_message) return null;
  if (!message.id) return 'sent';
  return message.read_by.some((id) => id !== message.sender.id) ? 'read' : 'delivered';
}
