import { AsyncLocalStorage } from 'node:async_hooks';
import { configureSync, type LogLevel, type LogRecord, type Sink } from '@logtape/logtape';
import { NotFetchedError } from './not-fetched.js';

/**
 * Fedify logs through LogTape (signature failures, refused deliveries, retries…), which logs nowhere until it is
 * configured. These route its records into the server's pino logger as the same JSON lines, at the level
 * FEDERATION_LOG_LEVEL names.
 */

/** The pino methods the sink writes with (a pino Logger, or Fastify's `app.log`). */
export interface LevelLogger {
  trace(details: object, message: string): void;
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

const TO_PINO = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
} as const satisfies Record<LogLevel, keyof LevelLogger>;

/** The longest rendering of one value in a message or a field: an activity's body is never dumped whole. */
const MAX_VALUE_CHARS = 300;

function truncated(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** A value as a log field: primitives as they are, URLs and errors in short, any other object summarised. */
function fieldValue(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
    return typeof value === 'string' ? truncated(value) : value;
  if (value instanceof URL) return value.href;
  if (value instanceof Error) return { type: value.name, message: truncated(value.message) };
  if (value instanceof Request || value instanceof Response)
    return `${value instanceof Request ? value.method : value.status} ${value.url}`;
  return truncated(safeJson(value));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** LogTape's message (text parts and values interleaved) as one line. */
export function renderMessage(record: LogRecord): string {
  return record.message
    .map((part, index) => {
      if (index % 2 === 0) return String(part);
      const value = fieldValue(part);
      return typeof value === 'string' ? value : safeJson(value);
    })
    .join('');
}

/** A LogTape sink writing each record to `logger`: its category as a field, its properties as fields. */
export function pinoSink(logger: LevelLogger): Sink {
  return (record) => {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(record.properties)) fields[name] = fieldValue(value);
    logger[TO_PINO[record.level]]({ ...fields, category: record.category.join('.') }, renderMessage(record));
  };
}

/**
 * Records that say nothing an operator can act on: our own embedded-only lookups refusing to fetch on purpose
 * (Fedify logs each as a failed fetch), and Fedify's set-up hints about actors that have no collections by
 * design (the instance actor, group chat actors), written at each fetch of them.
 */
function isExpected(record: LogRecord): boolean {
  if (record.properties.error instanceof NotFetchedError) return true;
  return (
    record.category.join('.') === 'fedify.federation.actor' &&
    typeof record.rawMessage === 'string' &&
    /^You configured an? .* dispatcher, but the actor does not have/.test(record.rawMessage)
  );
}

/** A pino logger (or Fastify's `app.log`): the federation logs go to a child of it with a level of their own. */
export interface ParentLogger {
  child(bindings: object, options: { level: string }): LevelLogger;
}

/**
 * Routes Fedify's logs (category `fedify`, and LogTape's own warnings) into a child of `parent` from `level`
 * up (whatever LOG_LEVEL says), or nowhere when `level` is null. Configures LogTape for the whole process: call
 * it once, at start.
 */
export function routeFedifyLogs(parent: ParentLogger, level: LogLevel | null): void {
  const logger = parent.child({}, { level: level ? TO_PINO[level] : 'silent' });
  configureSync({
    reset: true,
    // Fedify keeps a request's context (its id…) in it: the records carry it as fields
    contextLocalStorage: new AsyncLocalStorage(),
    sinks: { pino: pinoSink(logger) },
    filters: { expected: (record) => !isExpected(record) },
    loggers: [
      {
        category: ['fedify'],
        lowestLevel: level ?? 'fatal',
        sinks: level ? ['pino'] : [],
        filters: ['expected'],
      },
      { category: ['logtape', 'meta'], lowestLevel: 'warning', sinks: ['pino'] },
    ],
  });
}
