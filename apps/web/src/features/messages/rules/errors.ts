import { MessagingErrorCode } from '@palchat/api';

/** SPEC §8: the server's `error` field, else 'HTTP {status}'. */
export function errorText(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = body.error;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return `HTTP ${status}`;
}

export function errorCode(body: unknown): string | null {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = body.code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** An answer telling the viewer the group's admin removed them from it (the server's removed_from_group). */
export function isRemovedFromGroup(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'body' in error &&
    errorCode(error.body) === MessagingErrorCode.removedFromGroup
  );
}

/** A leave failure that asks the admin to hand the group over first. */
export function mentionsTransferOwnership(message: string): boolean {
  return /transfer\s+ownership/i.test(message);
}
