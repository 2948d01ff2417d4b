/** SPEC §8: the server's `error` field, else 'HTTP {status}'. */
export function errorText(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return `HTTP ${status}`;
}

export function errorCode(body: unknown): string | null {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = (body as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** A leave failure that asks the admin to hand the group over first. */
export function mentionsTransferOwnership(message: string): boolean {
  return /transfer\s+ownership/i.test(message);
}
