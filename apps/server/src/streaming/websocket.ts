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
import { streamingLimitsFor, type StreamingLimits, type TypingEvent } from './limits.js';
import { lapsedCredentials } from './credential-check.js';
import {
  CLOSE_CREDENTIALS_REVOKED,
  parseRevocation,
  REVOCATIONS_CHANNEL,
  revokes,
  type StreamCredentials,
} from './revocations.js';

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

interface Admission {
  socketId: string;
  account: AccountRow;
  credentials: StreamCredentials;
}

const admissions = new WeakMap<FastifyRequest, Admission>();

/** Too many typing retries waiting on one socket means a client sending junk: the extra ones are dropped. */
const MAX_PENDING_TYPING = 16;

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Checks a handshake before the upgrade: the access token as ?access_token=, as the WebSocket subprotocol, or
 * the usual bearer header (from any origin: third-party apps); or the session cookie, only from the server's own
 * pages, since a browser sends the cookie with a handshake that any site opens (cross-site WebSocket hijacking).
 * Then takes one of the account's socket slots, given back when the connection closes.
 */
function admit(ctx: AppContext, limits: StreamingLimits) {
  const ownOrigin = originOf(ctx.config.publicUrl);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const bearer = token ? await findBearer(ctx.db, token) : null;
    // a token in the header was checked with the rest of the request; one in the query string is checked here
    if (bearer) assertTokenScopes(bearer, request.routeOptions.config.scopes);
    const viewer = token ? bearer : request.viewer;
    const account = viewer?.account ?? null;
    if (!viewer || !account || account.disabled || !account.approved) {
      return reply.status(401).send({ error: 'Error: Missing or invalid access token' });
    }
    if (!token && request.viewer?.via === 'cookie') {
      const origin = request.headers.origin;
      if (!origin || originOf(origin) !== ownOrigin) {
        return reply
          .status(403)
          .send({ error: "Streaming with the session cookie is only allowed from this server's pages" });
      }
    }
    const admission: Admission = {
      socketId: randomUUID(),
      account,
      credentials: { accountId: account.id, tokenId: viewer.tokenId, sessionId: viewer.sessionId },
    };
    // a plain GET gets its JSON error from the route handler and holds no slot
    if (request.ws) {
      if (!(await limits.acquireSocket(account.id, admission.socketId))) {
        return reply.status(429).send({ error: 'Too many open streaming connections for this account' });
      }
      const release = () => {
        limits
          .releaseSocket(account.id, admission.socketId)
          .catch((error: unknown) => request.log.warn({ err: error }, 'stream slot release failed'));
      };
      // the TCP connection carries the WebSocket: its end frees the slot however the upgrade went
      const connection = request.raw.socket;
      if (connection.destroyed) release();
      else connection.once('close', release);
    }
    admissions.set(request, admission);
    return undefined;
  };
}

class StreamConnection {
  private readonly id: string;
  private readonly account: AccountRow;
  readonly credentials: StreamCredentials;
  private readonly subscriptions = new Map<string, () => void>();
  /** typing_start frames dropped by the limit, sent again when their window ends (by conversation) */
  private readonly pendingTyping = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private outbox: Promise<void> = Promise.resolve();
  private typingQueue: Promise<void> = Promise.resolve();
  alive = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly limits: StreamingLimits,
    private readonly socket: WebSocket,
    admission: Admission,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = admission.socketId;
    this.account = admission.account;
    this.credentials = admission.credentials;
  }

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
        await this.queueTyping(message.conversation_id, message.type);
        break;
    }
  }

  /** Typing frames are decided one after the other, in the order they came, so a stop never overtakes its start. */
  private queueTyping(conversationId: string, event: TypingEvent): Promise<void> {
    if (event === 'typing_stop') {
      clearTimeout(this.pendingTyping.get(conversationId));
      this.pendingTyping.delete(conversationId);
    }
    this.typingQueue = this.typingQueue
      .then(() => this.typing(conversationId, event))
      .catch((error: unknown) => this.log.warn({ err: error }, 'typing relay failed'));
    return this.typingQueue;
  }

  private async typing(conversationId: string, event: TypingEvent): Promise<void> {
    const decision = await this.limits.typing(this.account.id, conversationId, event);
    if (decision.relay) {
      // not relayed after all (typing indicator off, not a participant): the window stays open for later frames
      const relayed = await relayTyping(this.ctx, this.account, conversationId, event);
      if (!relayed) await this.limits.forgetTyping(this.account.id, conversationId);
      return;
    }
    const retryable =
      decision.retryInMs !== undefined &&
      !this.closed &&
      !this.pendingTyping.has(conversationId) &&
      this.pendingTyping.size < MAX_PENDING_TYPING;
    if (!retryable) return;
    const retry = setTimeout(() => {
      this.pendingTyping.delete(conversationId);
      void this.queueTyping(conversationId, 'typing_start');
    }, decision.retryInMs);
    this.pendingTyping.set(conversationId, retry);
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

  /** Stops every delivery at once and closes the socket: its credentials no longer hold. */
  async revoke(): Promise<void> {
    this.socket.close(CLOSE_CREDENTIALS_REVOKED, 'Credentials revoked');
    await this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
    for (const retry of this.pendingTyping.values()) clearTimeout(retry);
    this.pendingTyping.clear();
    await presenceFor(this.ctx).disconnect(this.id);
  }
}

/** This process's open connections, by account, for closing those whose credentials are revoked. */
class LiveConnections {
  private readonly byAccount = new Map<string, Set<StreamConnection>>();

  add(connection: StreamConnection): void {
    const { accountId } = connection.credentials;
    let connections = this.byAccount.get(accountId);
    if (!connections) {
      connections = new Set();
      this.byAccount.set(accountId, connections);
    }
    connections.add(connection);
  }

  delete(connection: StreamConnection): void {
    const { accountId } = connection.credentials;
    const connections = this.byAccount.get(accountId);
    connections?.delete(connection);
    if (connections?.size === 0) this.byAccount.delete(accountId);
  }

  revokedBy(payload: string): StreamConnection[] {
    const revocation = parseRevocation(payload);
    if (!revocation) return [];
    return [...(this.byAccount.get(revocation.accountId) ?? [])].filter((connection) =>
      revokes(revocation, connection.credentials),
    );
  }

  all(): StreamConnection[] {
    return [...this.byAccount.values()].flatMap((connections) => [...connections]);
  }
}

/** Closes the connections whose credentials a revocation names, as soon as the event bus brings it. */
function closeOnRevocation(ctx: AppContext, live: LiveConnections, log: FastifyBaseLogger): () => void {
  return ctx.bus.subscribe(REVOCATIONS_CHANNEL, ({ payload }) => {
    for (const connection of live.revokedBy(payload)) {
      connection.revoke().catch((error: unknown) => log.warn({ err: error }, 'stream revoke failed'));
    }
  });
}

/** Re-checks every open connection's credentials now and then, in case a revocation event went missing. */
function recheckCredentials(ctx: AppContext, live: LiveConnections, log: FastifyBaseLogger): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    lapsedCredentials(
      ctx.db,
      live.all().map((connection) => connection.credentials),
    )
      .then(async (lapsed) => {
        const gone = new Set(lapsed);
        await Promise.all(
          live
            .all()
            .filter((connection) => gone.has(connection.credentials))
            .map((connection) => connection.revoke()),
        );
      })
      .catch((error: unknown) => log.warn({ err: error }, 'stream credential check failed'))
      .finally(() => {
        running = false;
      });
  }, ctx.config.streaming.recheckMs);
  timer.unref();
  return timer;
}

/** The Mastodon-style streaming endpoint: GET /api/v1/streaming (WebSocket). */
export async function registerStreaming(
  app: FastifyInstance,
  ctx: AppContext,
  options: StreamingOptions = {},
): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? heartbeatFromEnv();
  const limits = streamingLimitsFor(ctx);
  const live = new LiveConnections();
  const stopRevocations = closeOnRevocation(ctx, live, app.log);
  const recheck = recheckCredentials(ctx, live, app.log);
  app.addHook('onClose', async () => {
    stopRevocations();
    clearInterval(recheck);
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
      const admission = admissions.get(request);
      if (!admission) {
        socket.close(1008, 'Unauthorized');
        return;
      }
      const connection = new StreamConnection(ctx, limits, socket, admission, request.log);
      live.add(connection);
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
        live.delete(connection);
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
    for (const url of ['/api/v1/streaming', '/api/v1/streaming/']) {
      scope.route({
        method: 'GET',
        url,
        preValidation: admit(ctx, limits),
        // a plain GET (no upgrade) gets an API error like any other, not an empty page
        handler: async (_request, reply) =>
          reply.status(400).send({ error: 'This endpoint only accepts WebSocket connections' }),
        wsHandler,
        // every stream (home, direct, public, hashtag, list) shows statuses
        ...scopes('read:statuses'),
      });
    }
  });
}
