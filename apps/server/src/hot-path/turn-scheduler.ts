import type { FastifyInstance } from 'fastify';

/**
 * Time-slicing of request handling on the event loop. With SQLite every statement runs synchronously, so a
 * request, once started, runs to its end without giving the loop back; and the loop's poll phase starts every
 * request whose bytes arrived at once. Under load (hundreds of requests arriving together) one loop turn then
 * lasted the sum of all of them: timers, WebSocket deliveries and even trivial requests waited that long.
 *
 * A request may start at once only while the current slice (the work started since the loop last reached its
 * check phase) is shorter than `sliceMs` and nobody is waiting; otherwise it waits its turn, first come first
 * served, and one waiting request starts per loop turn. Between two turns the loop serves timers, socket I/O and
 * the routes that bypass the queue: the total work is the same, but no single turn of the loop grows with the
 * number of requests in flight.
 */
export class TurnScheduler {
  private readonly waiting: (() => void)[] = [];
  /** when the current slice started (performance.now()), or null when no request started since the last turn */
  private sliceStart: number | null = null;
  private turnScheduled = false;

  constructor(private readonly sliceMs: number) {}

  /** Undefined when the request may start now; otherwise a promise resolved when its turn comes. */
  admit(): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.sliceHasRoom()) return undefined;
    const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
    this.scheduleTurn();
    return turn;
  }

  /** How many requests are waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private sliceHasRoom(): boolean {
    const now = performance.now();
    if (this.sliceStart === null) {
      this.sliceStart = now;
      this.scheduleTurn();
      return true;
    }
    return now - this.sliceStart < this.sliceMs;
  }

  /** setImmediate: the next turn comes after the loop has polled for I/O (and, once more, run the timers). */
  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => this.turn());
  }

  private turn(): void {
    this.turnScheduled = false;
    const next = this.waiting.shift();
    // the request released now (it runs right after this callback) opens the next slice
    this.sliceStart = next ? performance.now() : null;
    if (!next) return;
    next();
    this.scheduleTurn();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers from memory or a few cached rows, in a fraction of a millisecond: it never waits behind
     * the queue of heavier requests (server information, health checks).
     */
    light?: boolean;
  }
}

/** Every request but the light routes' takes its turn: the first onRequest hook, before any other work. */
export function registerTurnScheduling(app: FastifyInstance, sliceMs: number): TurnScheduler {
  const scheduler = new TurnScheduler(sliceMs);
  app.addHook('onRequest', (request, _reply, done) => {
    const turn = request.routeOptions.config.light ? undefined : scheduler.admit();
    if (turn) void turn.then(() => done());
    else done();
  });
  return scheduler;
}
