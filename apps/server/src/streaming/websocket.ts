import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { clientStreamMessageSchema, type ClientStreamMessage, type ServerStreamMessage } from '@palchat/api';
import { findBearer } from '../auth/sessions.js';
import type { AccountRow } from '../auth/viewer.js';
import { assertTokenScopes, scopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { relayTyping } from '../messaging/typing.js';
import { presenceFor } from './presence.js';
import { resolveStream, type ResolvedStream, type StreamRequest } from './streams.js';
import type { StreamMessage } from './bus.js';
import { withFilterResults } from '../filters/matcher.js';

/** Events whose payload is a Status entity. */
const STATUS_EVENTS = new Set(['update', 'status.update']);

const DEFAULT_HEARTBEAT_MS = 30_000;

export interface StreamingOptions {
  /** ping interval; a socket that has not answered the previous ping by the next one is terminated */
  heartbeatMs?: number;
}

function heartbeatFromEnv(): number {
  const parsed = Number.parseInt(process.env.STREAMING_HEARTBEAT_MS ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : DEFAULT_HEARTBEAT_MS;
}

function tokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.access_token === 'string' && query.access_token) return query.access_token;
  const protocol = request.headers['sec-websocket-protocol'];
  if (typeof protocol === 'string' && protocol.trim()) return protocol.split(',')[0]?.trim() || null;
  return null;
}

const streamAccounts = new WeakMap<FastifyRequest, AccountRow>();

/** The access token as ?access_token=, as the WebSocket subprotocol, or the usual bearer header / cookie. */
function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const bearer = token ? await findBearer(ctx.db, token) : null;
    // a token in the header was checked with the rest of the request; one in the query string is checked here
    if (bearer) assertTokenScopes(bearer, request.routeOptions.config.scopes);
    const account = token ? (bearer?.account ?? null) : (request.viewer?.account ?? null);
    if (!account || account.disabled || !account.approved) {
      return reply.status(401).send({ error: 'Error: Missing or invalid access token' });
    }
    streamAccounts.set(request, account);
    return undefined;
  };
}

class StreamConnection {
  private readonly id = randomUUID();
  private readonly subscriptions = new Map<string, () => void>();
  private closed = false;
  private outbox: Promise<void> = Promise.resolve();
  alive = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly socket: WebSocket,
    private readonly account: AccountRow,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async deliver(stream: ResolvedStream, { event, payload }: StreamMessage): Promise<void> {
    if (stream.accepts && !stream.accepts(event, payload)) return;
    const personal =
      stream.filterContext && STATUS_EVENTS.has(event)
        ? await withFilterResults(this.ctx.db, this.account.id, payload, stream.filterContext)
        : payload;
    this.send({ stream: stream.label, event, payload: personal });
  }

  send(message: ServerStreamMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  async handle(raw: string): Promise<void> {
    let message: ClientStreamMessage;
    try {
      message = clientStreamMessageSchema.parse(JSON.parse(raw));
    } catch {
      this.socket.send(JSON.stringify({ error: 'Bad request' }));
      return;
    }
    switch (message.type) {
      case 'subscribe':
        await this.subscribe(message);
        break;
      case 'unsubscribe':
        await this.unsubscribe(message);
        break;
      case 'active_status':
        await presenceFor(this.ctx).setActive(this.id, message.is_active);
        break;
      case 'typing_start':
      case 'typing_stop':
        await relayTyping(this.ctx, this.account, message.conversation_id, message.type);
        break;
    }
  }

  async subscribe(request: StreamRequest): Promise<void> {
    const resolved = await resolveStream(this.ctx, this.account, request);
    // The socket may have closed while the stream was being resolved: nothing to subscribe any more.
    if (this.closed) return;
    if (!resolved) {
      this.socket.send(JSON.stringify({ error: 'Unknown stream type' }));
      return;
    }
    // streams sharing a channel (user, user:notification) are separate subscriptions with their own label
    const key = resolved.label.join(':');
    if (this.subscriptions.has(key)) return;
    const unsubscribe = this.ctx.bus.subscribe(resolved.channel, (message) => {
      // one queue per connection keeps events in order while some wait for the subscriber's filters
      this.outbox = this.outbox
        .then(() => this.deliver(resolved, message))
        .catch((error: unknown) => this.log.warn({ err: error }, 'stream event failed'));
    });
    this.subscriptions.set(key, unsubscribe);
    if (request.stream === 'user') await presenceFor(this.ctx).connect(this.account.id, this.id);
  }

  async unsubscribe(request: StreamRequest): Promise<void> {
    const resolved = await resolveStream(this.ctx, this.account, request);
    if (!resolved) return;
    const key = resolved.label.join(':');
    this.subscriptions.get(key)?.();
    this.subscriptions.delete(key);
    if (request.stream === 'user') await presenceFor(this.ctx).disconnect(this.id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
    await presenceFor(this.ctx).disconnect(this.id);
  }
}

/** The Mastodon-style streaming endpoint: GET /api/v1/streaming (WebSocket). */
export async function registerStreaming(
  app: FastifyInstance,
  ctx: AppContext,
  options: StreamingOptions = {},
): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? heartbeatFromEnv();
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        maxPayload: 64 * 1024,
        // A token sent as the subprotocol must be echoed back, or browsers drop the connection.
        handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
      },
    });
    const handler = (socket: WebSocket, request: FastifyRequest) => {
      const account = streamAccounts.get(request);
      if (!account) {
        socket.close(1008, 'Unauthorized');
        return;
      }
      const connection = new StreamConnection(ctx, socket, account, request.log);
      const ping = setInterval(() => {
        if (!connection.alive) {
          socket.terminate();
          return;
        }
        connection.alive = false;
        socket.ping();
      }, heartbeatMs);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data) => {
        void connection
          .handle(data.toString())
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream message failed'));
      });
      socket.on('close', () => {
        clearInterval(ping);
        void connection
          .close()
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream close failed'));
      });
      const query = request.query as Record<string, unknown>;
      if (typeof query.stream === 'string') {
        void connection
          .subscribe({
            stream: query.stream,
            tag: typeof query.tag === 'string' ? query.tag : undefined,
            list: typeof query.list === 'string' ? query.list : undefined,
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream subscribe failed'));
      }
    };
    const routeOptions = {
      websocket: true,
      preValidation: authenticate(ctx),
      // every stream (home, direct, public, hashtag, list) shows statuses
      ...scopes('read:statuses'),
    } as const;
    scope.get('/api/v1/streaming', routeOptions, handler);
    scope.get('/api/v1/streaming/', routeOptions, handler);
  });
}
