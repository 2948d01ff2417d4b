import type { AppContext } from '../context.js';
import { ApiError } from './errors.js';

/** How many uploads each account has in progress in this process. */
class UploadSlots {
  private readonly active = new Map<string, number>();

  constructor(private readonly perAccount: number) {}

  take(accountId: string): (() => void) | null {
    const count = this.active.get(accountId) ?? 0;
    if (count >= this.perAccount) return null;
    this.active.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(accountId) ?? 1) - 1;
      if (left > 0) this.active.set(accountId, left);
      else this.active.delete(accountId);
    };
  }
}

const slotsByContext = new WeakMap<AppContext, UploadSlots>();

/**
 * Runs `work` (reading and handling an upload) in one of the account's upload slots (UPLOADS_PER_USER), or
 * answers 429 when they are all taken: an account's uploads cannot take all of the server's memory and disk.
 */
export async function withUploadSlot<T>(
  ctx: AppContext,
  accountId: string,
  work: () => Promise<T>,
): Promise<T> {
  let slots = slotsByContext.get(ctx);
  if (!slots) {
    slots = new UploadSlots(ctx.config.uploads.perUser);
    slotsByContext.set(ctx, slots);
  }
  const release = slots.take(accountId);
  if (!release) throw new ApiError(429, 'http.too_many_uploads', 'too_many_uploads');
  try {
    return await work();
  } finally {
    release();
  }
}
