const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts run in fixed windows (5 or 30 minutes, aligned on the clock): a burst that must land in one window
 * starts in a fresh one when the current window is about to end.
 */
export async function inOneWindow(periodMs: number, marginMs = 10_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < marginMs) await pause(left + 20);
}
