/**
 * Several tabs of one browser share one device (one IndexedDB): work on a conversation's MLS state holds a Web
 * Lock named after the account and the conversation, so two tabs never process the same conversation at once.
 * Where the Locks API is missing (old browsers, tests) a per-tab queue does the same within the tab.
 */
const tails = new Map<string, Promise<unknown>>();

function inTab<T>(name: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}

export function lockName(accountId: string, scope: string): string {
  return `palchat-e2ee:${accountId}:${scope}`;
}

export function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return inTab(name, work);
  return locks.request(name, work);
}
