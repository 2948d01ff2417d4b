import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const removeThisDevice = vi.fn(async (accountId: string) => {
  calls.push(`remove device of ${accountId}`);
});
vi.mock('../messages', () => ({ removeThisDevice }));
vi.mock('../../api/client', () => ({
  api: {
    delete: vi.fn(async (path: string) => {
      calls.push(`DELETE ${path}`);
      return { redirect_to: '/explore' };
    }),
  },
}));

const { signOut } = await import('./sign-out');

describe('signOut', () => {
  const assign = vi.fn();
  beforeEach(() => {
    calls.length = 0;
    removeThisDevice.mockClear();
    vi.stubGlobal('location', { ...window.location, assign });
  });

  it("removes this browser's encrypted-chat device before the session ends", async () => {
    await signOut('42');
    expect(calls).toEqual(['remove device of 42', 'DELETE /auth/sign_out']);
    expect(assign).toHaveBeenCalledWith('/explore');
  });

  it('signs out all the same when the device cannot be removed, and skips it without an account', async () => {
    removeThisDevice.mockRejectedValueOnce(new Error('offline'));
    await signOut('42');
    await signOut(null);
    expect(calls).toEqual(['DELETE /auth/sign_out', 'DELETE /auth/sign_out']);
    expect(removeThisDevice).toHaveBeenCalledTimes(1);
  });
});
