import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import type { ServerStreamMessage } from '@palchat/api';
import type { StreamMessage } from './bus.js';
import { scopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { streamingLimitsFor } from './limits.js';
import { CLOSE_CREDENTIALS_REVOKED } from './revocations.js';
import {
  admissionOf,
  admit,
  closeOnRevocation,
  LiveConnections,
  recheckCredentials,
  StreamConnection,
  type StreamTransport,
} from './connection.js';
import { registerEventStreams } from './event-stream.js';
import type { StreamRequest } from './streams.js';
import { heartbeatsFromEnv, type Heartbeats } from './heartbeat.js';

export interface StreamingOptions {
  /** WebSocket ping and event-stream `:thump` intervals (heartbeat.ts); from STREAMING_HEARTBEAT_MS by default */
  heartbeats?: Heartbeats;
}

/** The frames of the bus events being delivered, by stream label: encoded once for all their subscribers. */
const sharedFrames = new WeakMap<StreamMessage, Map<string, Buffer>>();

function frameOf(message: ServerStreamMessage, shared: StreamMessage | undefined): Buffer | string {
  if (!shared) return JSON.stringify(message);
  let byLabel = sharedFrames.get(shared);
  if (!byLabel) {
    byLabel = new Map();
    sharedFrames.set(shared, byLabel);
  }
  const label = message.stream.join('\n');
  let frame = byLabel.get(label);
  if (!frame) {
    frame = Buffer.from(JSON.stringify(message));
    byLabel.set(label, frame);
  }
  return frame;
}

function socketTransport(socket: WebSocket): StreamTransport {
  return {
    send: (message, shared) => {
      // a Buffer goes out as a binary frame unless told otherwise; the client parses text frames
      if (socket.readyState === socket.OPEN) socket.send(frameOf(message, shared), { binary: false });
    },
    error: (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ error: message }));
    },
    revoke: () => socket.close(CLOSE_CREDENTIALS_REVOKED, 'Credentials revoked'),
  };
}

/** The stream named in the handshake's query string, if any. */
function requestedStream(request: FastifyRequest): StreamRequest | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.stream !== 'string') return null;
  return {
    stream: query.stream,
    tag: typeof query.tag === 'string' ? query.tag : undefined,
    list: typeof query.list === 'string' ? query.list : undefined,
  };
}

/**
 * Lets the upgrade's HTTP request and reply go once the WebSocket is open. @fastify/websocket leaves them reachable
 * from the socket for as long as it lives: its stand-in response stays the TCP socket's current message, and its
 * `error` listener on the WebSocket holds both (Fastify's request and reply, the raw request with its headers, the
 * response with its listeners, the request's logger): about half of the objects a connection keeps, which every
 * full garbage collection of a process holding 10,000 sockets walks. Its error handling is kept: log, terminate.
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest): void {
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
  const { log } = request;
  socket.removeAllListeners('error');
  socket.on('error', (error) => {
    log.error(error);
    socket.terminate();
  });
}

/**
 * The Mastodon-style streaming endpoints: GET /api/v1/streaming (WebSocket) and the server-sent event streams
 * under it (/api/v1/streaming/user, /public, …), which share the connections' rights, limits and revocation.
 */
export async function registerStreamingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: StreamingOptions = {},
): Promise<void> {
  const { pingMs, thumpMs } = options.heartbeats ?? heartbeatsFromEnv();
  const limits = streamingLimitsFor(ctx);
  const live = new LiveConnections();
  const stopRevocations = closeOnRevocation(ctx, live, app.log);
  const recheck = recheckCredentials(ctx, live, app.log);
  app.addHook('onClose', async () => {
    stopRevocations();
    recheck.stop();
  });
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        maxPayload: 64 * 1024,
        // A token sent as the subprotocol must be echoed back, or browsers drop the connection.
        handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
      },
    });
    const wsHandler = (socket: WebSocket, request: FastifyRequest) => {
      const admission = admissionOf(request);
      if (!admission) {
        socket.close(1008, 'Unauthorized');
        return;
      }
      const { log } = request;
      const streamRequest = requestedStream(request);
      releaseUpgradeRequest(socket, request);
      const connection = new StreamConnection(ctx, limits, socketTransport(socket), admission, log);
      live.add(connection);
      const ping = setInterval(() => {
        if (!connection.alive) {
          socket.terminate();
          return;
        }
        connection.alive = false;
        socket.ping();
      }, pingMs);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data) => {
        void connection
          .handle(messageText(data))
          .catch((error: unknown) => log.warn({ err: error }, 'stream message failed'));
      });
      socket.on('close', () => {
        clearInterval(ping);
        live.delete(connection);
        void connection.close().catch((error: unknown) => log.warn({ err: error }, 'stream close failed'));
      });
      if (streamRequest) {
        void connection
          .subscribe(streamRequest)
          .catch((error: unknown) => log.warn({ err: error }, 'stream subscribe failed'));
      }
    };
    // `/api/v1/streaming/` reaches this route too: trailing slashes are trimmed before routing
    scope.route({
      method: 'GET',
      url: '/api/v1/streaming',
      preValidation: admit(ctx, limits, (request) => request.ws),
      // a plain GET (no upgrade) gets an API error like any other, not an empty page
      handler: async (_request, reply) =>
        reply.status(400).send({ error: 'This endpoint only accepts WebSocket connections' }),
      wsHandler,
      // every stream (home, direct, public, hashtag, list) shows statuses
      ...scopes('read:statuses'),
    });
    registerEventStreams(scope, { ctx, limits, live, thumpMs });
  });
}

/** A text frame's payload: ws hands it over as one Buffer (its default binaryType), the other shapes for safety. */
function messageText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString();
}
