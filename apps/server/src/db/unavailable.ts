import { IdsUnavailableError } from '../lib/ids.js';
import { OutageLog } from '../lib/outage-log.js';

/** The database's outages as this process sees them: one log line when it goes, one when it is back. */
export const databaseOutage = new OutageLog('database');

// connection exceptions, operator intervention (terminated backend, shutdown), cannot connect now
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3])/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Client was closed/i;

/** Whether an error means "the database cannot be reached right now" rather than a fault of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof IdsUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
