/**
 * Mastodon-style identifiers: a millisecond timestamp shifted left by 16 bits plus a per-millisecond sequence,
 * written as a fixed-width decimal string so that string order equals creation order in every dialect.
 */
const ID_WIDTH = 18;
let lastMillis = 0;
let sequence = 0;

export function newId(now: number = Date.now()): string {
  if (now === lastMillis) {
    sequence = (sequence + 1) & 0xffff;
  } else {
    lastMillis = now;
    sequence = Math.floor(Math.random() * 0x8000);
  }
  return ((BigInt(now) << 16n) | BigInt(sequence)).toString().padStart(ID_WIDTH, '0');
}

/** The smallest id that could have been created at `time`: handy for "since" queries by date. */
export function idAtTime(time: number): string {
  return (BigInt(time) << 16n).toString().padStart(ID_WIDTH, '0');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,18}$/.test(value);
}
