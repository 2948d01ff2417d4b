import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { clientStreamMessageSchema, type ClientStreamMessage, type ServerStreamMessage } from '@palchat/api';
import { findBearer } from '../auth/bearer-tokens.js';
import { SESSION_COOKIE } from '../auth/plugin.js';
import type { AccountRow } from '../auth/viewer.js';
import { assertTokenScopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { relayTyping } from '../messaging/typing.js';
import { presenceFor } from './presence.js';
import { resolveStream, type ResolvedStream, type StreamRequest } from './streams.js';
import { RESYNC_EVENT, type StreamMessage } from './bus.js';
import { withFilterResults } from '../filters/matcher.js';
import type { StreamingLimits, TypingEvent } from './limits.js';
import { lapsedCredentials } from './credential-check.js';
import { SpreadPasses } from '../lib/spread-passes.js';
import { parseRevocation, REVOCATIONS_CHANNEL, revokes, type StreamCredentials } from './revocations.js';

/** Events whose payload is a Status entity. */
const STATUS_EVENTS = new Set(['update', 'status.update']);

/**
 * How one connection talks to its client: a WebSocket (JSON frames, any number of streams, typing and presence
 * frames from the client) or a server-sent event stream (one stream, `event:`/`data:` lines).
 */
export interface StreamTransport {
  /**
   * `shared` is the bus event the message carries unchanged: every subscriber of a channel gets the same one, so
   * that a transport can encode it once for all of them.
   */
  send(message: ServerStreamMessage, shared?: StreamMessage): void;
  /** tells the client its frame could not be served, keeping the connection */
  error(message: string): void;
  /** ends the connection: its credentials no longer hold */
  revoke(): void;
}

function tokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.access_token === 'string' && query.access_token) return query.access_token;
  const protocol = request.headers['sec-websocket-protocol'];
  if (typeof protocol === 'string' && protocol.trim()) return protocol.split(',')[0]?.trim() || null;
  return null;
}

export interface Admission {
  socketId: string;
  account: AccountRow;
  credentials: StreamCredentials;
}

const admissions = new WeakMap<FastifyRequest, Admission>();

/** What `admit` let in, for the handler of the same request. */
export function admissionOf(request: FastifyRequest): Admission | undefined {
  return admissions.get(request);
}
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
export function admit(
  ctx: AppContext,
  limits: StreamingLimits,
  /** whether this request opens a connection (a WebSocket upgrade, an event stream) rather than a plain GET */
  opensConnection: (request: FastifyRequest) => boolean,
) {
  const ownOrigin = originOf(ctx.config.publicUrl);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const bearer = token ? await findBearer(ctx.db, token) : null;
    // a token in the header was checked with the rest of the request; one in the query string is checked here
    if (bearer) assertTokenScopes(bearer, request.routeOptions.config.scopes);
    const viewer = token ? bearer : request.viewer;
    const account = viewer?.account ?? null;
    // checked on the cookie itself: the auth plugin has already left it out of another site's request
    const byCookie =
      !token && request.viewer?.via !== 'bearer' && request.cookies[SESSION_COOKIE] !== undefined;
    if (byCookie) {
      const origin = request.headers.origin;
      if (!origin || originOf(origin) !== ownOrigin) {
        return reply
          .status(403)
          .send({ error: "Streaming with the session cookie is only allowed from this server's pages" });
      }
    }
    if (!viewer || !account || account.disabled || !account.approved) {
      return reply.status(401).send({ error: 'Error: Missing or invalid access token' });
    }
    const admission: Admission = {
      socketId: randomUUID(),
      account,
      credentials: { accountId: account.id, tokenId: viewer.tokenId, sessionId: viewer.sessionId },
    };
    // a plain GET gets its JSON error from the route handler and holds no slot
    if (opensConnection(request)) {
      if (!(await limits.acquireSocket(account.id, admission.socketId))) {
        return reply.status(429).send({ error: 'Too many open streaming connections for this account' });
      }
      // what this listener holds lives as long as the connection: the logger, not the whole request
      const { log } = request;
      const release = () => {
        limits
          .releaseSocket(account.id, admission.socketId)
          .catch((error: unknown) => log.warn({ err: error }, 'stream slot release failed'));
      };
      // A WebSocket owns its TCP connection, whose end frees the slot however the upgrade went; an event stream
      // is one response on a connection that may outlive it (keep-alive), so the response's end frees it.
      const carrier = request.ws ? request.raw.socket : reply.raw;
      if (carrier.destroyed) release();
      else carrier.once('close', release);
    }
    admissions.set(request, admission);
    return undefined;
  };
}

export class StreamConnection {
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
    private readonly transport: StreamTransport,
    admission: Admission,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = admission.socketId;
    this.account = admission.account;
    this.credentials = admission.credentials;
  }

  private async deliver(stream: ResolvedStream, message: StreamMessage): Promise<void> {
    const { event, payload } = message;
    if (event !== RESYNC_EVENT && stream.accepts && !stream.accepts(event, payload)) return;
    const personal =
      stream.filterContext && STATUS_EVENTS.has(event)
        ? await withFilterResults(this.ctx.db, this.account.id, payload, stream.filterContext)
        : payload;
    this.transport.send(
      { stream: stream.label, event, payload: personal },
      personal === payload ? message : undefined,
    );
  }

  async handle(raw: string): Promise<void> {
    let message: ClientStreamMessage;
    try {
      message = clientStreamMessageSchema.parse(JSON.parse(raw));
    } catch {
      this.transport.error('Bad request');
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
      this.transport.error('Unknown stream type');
      return;
    }
    await this.open(request.stream, resolved);
  }

  /** Delivers a resolved stream's events from now on (once per stream label); the home stream marks presence. */
  async open(stream: string, resolved: ResolvedStream): Promise<void> {
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
    if (stream === 'user') await presenceFor(this.ctx).connect(this.account.id, this.id);
  }

  async unsubscribe(request: StreamRequest): Promise<void> {
    const resolved = await resolveStream(this.ctx, this.account, request);
    if (!resolved) return;
    const key = resolved.label.join(':');
    this.subscriptions.get(key)?.();
    this.subscriptions.delete(key);
    if (request.stream === 'user') await presenceFor(this.ctx).disconnect(this.id);
  }

  /** Stops every delivery at once and ends the connection: its credentials no longer hold. */
  async revoke(): Promise<void> {
    this.transport.revoke();
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
export class LiveConnections {
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
export function closeOnRevocation(
  ctx: AppContext,
  live: LiveConnections,
  log: FastifyBaseLogger,
): () => void {
  return ctx.bus.subscribe(REVOCATIONS_CHANNEL, ({ payload }) => {
    for (const connection of live.revokedBy(payload)) {
      connection.revoke().catch((error: unknown) => log.warn({ err: error }, 'stream revoke failed'));
    }
  });
}

/** Connections whose credentials one chunk of the re-check looks up. */
const RECHECK_CHUNK = 100;

/**
 * Re-checks every open connection's credentials once per `recheckMs`, in case a revocation event went missing: a
 * chunk of connections at a time, spread over the period, so that a process with 10,000 sockets never spends a
 * long stretch of its event loop (SQLite's statements run on it) on this safety net.
 */
export function recheckCredentials(
  ctx: AppContext,
  live: LiveConnections,
  log: FastifyBaseLogger,
): SpreadPasses<StreamConnection> {
  return new SpreadPasses({
    periodMs: ctx.config.streaming.recheckMs,
    chunkSize: RECHECK_CHUNK,
    items: () => live.all(),
    handle: async (connections) => {
      const lapsed = new Set(
        await lapsedCredentials(
          ctx.db,
          connections.map((connection) => connection.credentials),
        ),
      );
      await Promise.all(
        connections
          .filter((connection) => lapsed.has(connection.credentials))
          .map((connection) => connection.revoke()),
      );
    },
    onError: (error: unknown) => log.warn({ err: error }, 'stream credential check failed'),
  });
}
