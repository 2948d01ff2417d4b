export const nowIso = (): string => new Date().toISOString();

export const isoDaysAgo = (days: number, from: number = Date.now()): string =>
  new Date(from - days * 24 * 60 * 60 * 1000).toISOString();
