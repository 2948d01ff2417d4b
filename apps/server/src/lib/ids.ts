/**
 * Mastodon-style identifiers: a millisecond timestamp shifted left by 16 bits plus a per-millisecond sequence,
 * written as a fixed-width decimal string so that string order equals creation order in every dialect.
 */
const ID_WIDTH = 18;
/** How many processes can make ids for one database at once: the high 4 of the 16 sequence bits. */
export const ID_SLOTS = 16;
/** ids one process makes within one millisecond before it borrows the next millisecond */
export const IDS_PER_MILLISECOND = 0x10000 / ID_SLOTS;

export type IdGenerator = (now?: number) => string;

/**
 * The generator of the process holding `slot`: its ids use the sequence range slot × IDS_PER_MILLISECOND
 * onwards in every millisecond, so processes with different slots never make the same id.
 */
export function idGenerator(slot = 0): IdGenerator {
  if (!Number.isInteger(slot) || slot < 0 || slot >= ID_SLOTS) throw new Error(`Invalid id slot ${slot}`);
  const offset = slot * IDS_PER_MILLISECOND;
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

/** Thrown while this process holds no id slot (db/id-slot.ts): an id made now could collide with another's. */
export class IdsUnavailableError extends Error {
  constructor() {
    super('This process is re-taking its id slot after losing its database connection');
    this.name = 'IdsUnavailableError';
  }
}

const noSlot: IdGenerator = () => {
  throw new IdsUnavailableError();
};

let processIds = idGenerator(0);

/**
 * Called once the process knows its slot (see db/id-slot.ts); until then, and on SQLite, it is slot 0.
 * `null` while the slot is lost: making ids throws IdsUnavailableError until a slot is leased again.
 */
export function useIdSlot(slot: number | null): void {
  processIds = slot === null ? noSlot : idGenerator(slot);
}

export const newId: IdGenerator = (now) => processIds(now);

/** The smallest id that could have been created at `time`: handy for "since" queries by date. */
export function idAtTime(time: number): string {
  return (BigInt(time) << 16n).toString().padStart(ID_WIDTH, '0');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,18}$/.test(value);
}

/** An id as the database stores it: clients may send it without the leading zeros. */
export function storedId(id: string): string {
  return id.padStart(ID_WIDTH, '0');
}
