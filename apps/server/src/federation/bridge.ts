import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { FederationRuntime } from './runtime.js';
import { ACCEPTED_WITHOUT_WORK, createInboxGate } from './inbox-gate.js';

/** The paths Fedify answers (see the dispatchers); everything else never reaches it. */
const FEDERATION_GET_PATH =
  /^\/(?:\.well-known\/webfinger|actor|users\/[^/]+(?:\/(?:outbox|followers|following|collections\/(?:featured|tags)|statuses\/[^/]+|quote_authorizations\/[^/]+))?)$/;
const INBOX_PATH = /^\/(?:inbox|users\/[^/]+\/inbox)$/;
/** Mastodon accepts activities up to 1 MB. */
const INBOX_BODY_LIMIT = 1024 * 1024;

/** What a browser asking for an actor or a status gets instead of JSON-LD: its page (Mastodon redirects too). */
function pageFor(path: string): string | null {
  const match = /^\/users\/([A-Za-z0-9_]+)(?:\/statuses\/(\d+))?$/.exec(path);
  if (!match) return null;
  return match[2] ? `/@${match[1]}/${match[2]}` : `/@${match[1]}`;
}

class BodyTooLarge extends Error {}

async function readBody(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > INBOX_BODY_LIMIT) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > INBOX_BODY_LIMIT) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The Fastify request as a WHATWG Request on PUBLIC_URL's origin (a TLS proxy in front sees https). */
export function toWebRequest(request: FastifyRequest, publicUrl: string, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // the path as sent (signatures cover it), not the one rewritten for routing
  return new Request(new URL(request.originalUrl, publicUrl), {
    method: request.method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length > 0 ? body : undefined);
}

/**
 * Hands ActivityPub requests to Fedify before Fastify routes them: GETs of the federation paths (a browser's
 * request, which Fedify answers 406, falls through to Fastify: the page, or a redirect to it for an actor or
 * a status) and inbox POSTs, whose body is read here raw — never parsed by Fastify — since the signature
 * covers its digest.
 * Runs first among onRequest hooks, so neither the session/CSRF check nor the API rate limits apply.
 */
export function installFederationBridge(
  app: FastifyInstance,
  ctx: AppContext,
  runtime: FederationRuntime,
): void {
  const notFound = new Response(null, { status: 404 });
  const notAcceptable = new Response(null, { status: 406 });
  const inboxRefusal = createInboxGate(app, ctx, runtime);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.originalUrl.split('?', 1)[0] ?? '/';
    const isGet = request.method === 'GET';
    const isInboxPost = request.method === 'POST' && INBOX_PATH.test(path);
    if (!(isGet && FEDERATION_GET_PATH.test(path)) && !isInboxPost) return;
    let body: Buffer | null = null;
    if (isInboxPost) {
      try {
        body = await readBody(request);
      } catch (error) {
        if (error instanceof BodyTooLarge) return reply.status(413).send({ error: 'Payload too large' });
        throw error;
      }
    }
    const webRequest = toWebRequest(request, ctx.config.publicUrl, body);
    // JSON-LD limits, the signature and the inbox rate limits, before Fedify's JSON-LD processing
    const refusal = body ? await inboxRefusal(webRequest, body) : null;
    if (refusal === ACCEPTED_WITHOUT_WORK) return reply.status(202).send();
    if (refusal)
      return reply
        .status(refusal.status)
        .headers(refusal.headers ?? {})
        .send({ error: refusal.error });
    const response = await runtime.federation.fetch(webRequest, {
      contextData: ctx,
      onNotFound: () => notFound,
      onNotAcceptable: () => notAcceptable,
    });
    if (response === notAcceptable) {
      const page = pageFor(path);
      if (page) return reply.redirect(page, 302);
      return;
    }
    // Fedify answers 404 only to requests that asked for ActivityPub (others get 406 first): the app's own
    // JSON 404, never the web page a catch-all route would send
    if (response === notFound) return reply.callNotFound();
    return sendWebResponse(reply, response);
  });
}
