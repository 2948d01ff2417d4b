/** SQLite's primary result code for a full disk or database (SQLITE_FULL). */
const SQLITE_FULL = 13;
/** PostgreSQL's SQLSTATE for a full disk (disk_full). */
const PG_DISK_FULL = '53100';

/** Whether the error (or one it was caused by) is the database's disk being full. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { errcode, code, cause } = current as { errcode?: unknown; code?: unknown; cause?: unknown };
    // node:sqlite reports the extended result code, whose low byte is the primary one
    if (typeof errcode === 'number' && (errcode & 0xff) === SQLITE_FULL) return true;
    if (code === PG_DISK_FULL) return true;
    current = cause;
  }
  return false;
}
