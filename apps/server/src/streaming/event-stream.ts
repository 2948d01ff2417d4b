import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerStreamMessage } from '@palchat/api';
import { publicRoute, scopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import type { StreamingLimits } from './limits.js';
import { resolveStream, type StreamRequest } from './streams.js';
import {
  admissionOf,
  admit,
  type LiveConnections,
  StreamConnection,
  type StreamTransport,
} from './connection.js';

/**
 * Mastodon's server-sent event endpoints, by path, and the stream each one is (`only_media` picks the media
 * twin of the public streams). The scope a token needs follows Mastodon's streaming server.
 */
const EVENT_STREAMS: readonly { path: string; stream: string; media?: string; scope: string }[] = [
  { path: 'user', stream: 'user', scope: 'read:statuses' },
  { path: 'user/notification', stream: 'user:notification', scope: 'read:notifications' },
  { path: 'public', stream: 'public', media: 'public:media', scope: 'read:statuses' },
  { path: 'public/local', stream: 'public:local', media: 'public:local:media', scope: 'read:statuses' },
  { path: 'public/remote', stream: 'public:remote', media: 'public:remote:media', scope: 'read:statuses' },
  { path: 'hashtag', stream: 'hashtag', scope: 'read:statuses' },
  { path: 'hashtag/local', stream: 'hashtag:local', scope: 'read:statuses' },
  { path: 'list', stream: 'list', scope: 'read:statuses' },
  { path: 'direct', stream: 'direct', scope: 'read:statuses' },
];

const isTruthy = (value: unknown): boolean =>
  typeof value === 'string' && ['1', 'true', 't', 'on', 'yes'].includes(value.toLowerCase());

const queryString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** One event as `event:`/`data:` lines; a payload never holds a newline, but each line gets its own `data:`. */
export function eventLines({ event, payload }: ServerStreamMessage): string {
  const data = payload
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `event: ${event}\n${data}\n`;
}

function eventStreamTransport(reply: FastifyReply): StreamTransport {
  const response = reply.raw;
  const write = (text: string) => {
    if (!response.writableEnded && !response.destroyed) response.write(text);
  };
  return {
    send: (message) => write(eventLines(message)),
    // an event stream serves the one stream it was opened for: nothing a client sends can fail later
    error: () => undefined,
    revoke: () => response.end(),
  };
}

interface EventStreamDeps {
  ctx: AppContext;
  limits: StreamingLimits;
  live: LiveConnections;
  /** how often an idle stream gets a `:thump` comment */
  thumpMs: number;
}

/** Opens the event stream: headers, Mastodon's `:)` greeting, the stream's events and a `:thump` heartbeat. */
async function serveEventStream(
  { ctx, limits, live, thumpMs }: EventStreamDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  stream: StreamRequest,
): Promise<FastifyReply> {
  const admission = admissionOf(request);
  if (!admission) return reply.status(401).send({ error: 'Error: Missing or invalid access token' });
  if ((stream.stream === 'hashtag' || stream.stream === 'hashtag:local') && !stream.tag?.trim()) {
    return reply.status(400).send({ error: 'No tag for stream provided' });
  }
  if (stream.stream === 'list' && !stream.list) {
    return reply.status(400).send({ error: 'No list for stream provided' });
  }
  const resolved = await resolveStream(ctx, admission.account, stream);
  if (!resolved) return reply.status(404).send({ error: 'Unknown stream type' });

  // a HEAD (Fastify answers one for every GET route) learns the stream exists without holding it open
  if (request.method === 'HEAD') {
    return reply.type('text/event-stream; charset=utf-8').header('cache-control', 'private, no-store').send();
  }
  reply.hijack();
  const response = reply.raw;
  // what the request hooks set (request id, security headers) still goes out with the hijacked response
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    // reverse proxies (nginx) would otherwise hold the events back in their buffers
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
  response.write(':)\n');

  const connection = new StreamConnection(ctx, limits, eventStreamTransport(reply), admission, request.log);
  live.add(connection);
  const heartbeat = setInterval(() => {
    if (!response.writableEnded) response.write(':thump\n');
  }, thumpMs);
  response.once('close', () => {
    clearInterval(heartbeat);
    live.delete(connection);
    void connection
      .close()
      .catch((error: unknown) => request.log.warn({ err: error }, 'event stream close failed'));
  });
  await connection.open(stream.stream, resolved);
  return reply;
}

/** GET /api/v1/streaming/{user, user/notification, public, …} and /api/v1/streaming/health. */
export function registerEventStreams(app: FastifyInstance, deps: EventStreamDeps): void {
  app.get(
    '/api/v1/streaming/health',
    { config: { ...publicRoute.config, light: true } },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-store').send('OK'),
  );
  for (const { path, stream, media, scope } of EVENT_STREAMS) {
    app.route({
      method: 'GET',
      url: `/api/v1/streaming/${path}`,
      preValidation: admit(deps.ctx, deps.limits, () => true),
      handler: async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        return serveEventStream(deps, request, reply, {
          stream: media && isTruthy(query.only_media) ? media : stream,
          tag: queryString(query.tag),
          list: queryString(query.list),
        });
      },
      ...scopes(scope),
    });
  }
}
