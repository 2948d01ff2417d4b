import { randomInt } from 'node:crypto';

/**
 * Mastodon-style identifiers: a millisecond timestamp shifted left by 16 bits plus a per-millisecond sequence,
 * written as a fixed-width decimal string so that string order equals creation order in every dialect.
 */
const ID_WIDTH = 18;
const SEQUENCE_SPACE = 0x10000;
/** ids one process makes within one millisecond before it borrows the next millisecond */
export const IDS_PER_MILLISECOND = 0x1000;

/**
 * Where a process's sequence starts within every millisecond, drawn once per process. Processes sharing a
 * database (scaled out) then use disjoint ranges of the 16 sequence bits unless their two draws land within
 * one millisecond's burst of each other: a single small chance at start-up (a burst of 10 ids: about 1 in
 * 3,000 per pair of processes) instead of a fresh chance of colliding in every busy millisecond.
 */
export const randomSequenceOffset = (): number => randomInt(0, SEQUENCE_SPACE - IDS_PER_MILLISECOND);

export type IdGenerator = (now?: number) => string;

export function idGenerator(offset: number = randomSequenceOffset()): IdGenerator {
  let lastMillis = 0;
  let sequence = 0;
  return (now = Date.now()) => {
    if (now > lastMillis) {
      lastMillis = now;
      sequence = 0;
    } else if (++sequence >= IDS_PER_MILLISECOND) {
      // a burst (or a clock that went back) borrows the next millisecond, so ids keep increasing
      lastMillis += 1;
      sequence = 0;
    }
    return ((BigInt(lastMillis) << 16n) | BigInt(offset + sequence)).toString().padStart(ID_WIDTH, '0');
  };
}

export const newId: IdGenerator = idGenerator();

/** The smallest id that could have been created at `time`: handy for "since" queries by date. */
export function idAtTime(time: number): string {
  return (BigInt(time) << 16n).toString().padStart(ID_WIDTH, '0');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,18}$/.test(value);
}
