import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A refused request body up to this size is read and dropped, so that its connection can carry the next request. */
export const DRAINED_BODY_BYTES = 1024 * 1024;
/** How long the rest of a refused body is read (and dropped) before its connection is closed regardless. */
export const DRAIN_MS = 5000;

/**
 * Reads and drops what is left of a request body nobody will read. A body whose reading had begun (an upload
 * refused by its first bytes) is piped into the multipart parser: Node leaves such a body alone once the answer
 * is sent, so the socket stays paused and the client's next request on that keep-alive connection waits for
 * ever. Past DRAIN_MS the socket is destroyed.
 */
function discardRest(raw: IncomingMessage): void {
  raw.unpipe();
  raw.on('data', () => undefined);
  raw.resume();
  const timer = setTimeout(() => raw.socket.destroy(), DRAIN_MS);
  timer.unref();
  const stop = () => clearTimeout(timer);
  raw.once('end', stop);
  raw.once('close', stop);
}

/**
 * An answer sent before its request's body was read (a refused upload: too big, of the wrong type, over a limit,
 * without credentials) drops the rest of the body. A small one is drained and the connection kept; a larger (or
 * unsized) one is answered with `Connection: close`, read for at most DRAIN_MS so that the client gets the answer
 * rather than a reset, and closed.
 */
export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.readableEnded) {
      const declared = Number(raw.headers['content-length']);
      const small = Number.isFinite(declared) && declared <= DRAINED_BODY_BYTES;
      if (!small) reply.header('connection', 'close');
      discardRest(raw);
    }
    done(null, payload);
  });
}
