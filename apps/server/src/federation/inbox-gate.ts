import { verifyRequestDetailed } from '@fedify/fedify';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { retryAfterSeconds } from '../rate-limits/plugin.js';
import { SIGNATURE_TIME_WINDOW, type FederationRuntime } from './runtime.js';
import { JsonLdLimitError, parseGuardedJson } from './json-guard.js';
import { MemoryKeyCache } from './key-cache.js';
import { isWorkFree } from './work-free.js';

/** Why an inbox POST is not handed to Fedify: the status and JSON body to answer with. */
export interface InboxRefusal {
  status: number;
  error: string;
  headers?: Record<string, string>;
}

/** What the gate answers for an activity that needs no work (work-free.ts): accepted, and nothing more. */
export const ACCEPTED_WITHOUT_WORK = { status: 202, error: '' } as const satisfies InboxRefusal;

const FIVE_MINUTES = 5 * 60_000;

function parsed(body: Buffer): { activity: unknown } | InboxRefusal {
  try {
    return { activity: parseGuardedJson(body.toString('utf8')) };
  } catch (error) {
    if (error instanceof JsonLdLimitError) return { status: 400, error: `Refused JSON-LD: ${error.message}` };
    return { status: 400, error: 'Invalid JSON' };
  }
}

/**
 * What stands in front of Fedify's inbox, whose JSON-LD processing (expansion, Object Integrity Proofs) runs
 * before it checks the HTTP signature and costs without bound: the body is parsed within the JSON-LD limits
 * (json-guard.ts), the signature verified with keys cached a short while, and the signer's actor and server
 * held to their rate limits. Only then does Fedify see the request, which verifies it again (cheaply: one RSA
 * check) and processes it.
 */
export function createInboxGate(app: FastifyInstance, ctx: AppContext, runtime: FederationRuntime) {
  const { rateLimit } = ctx.config;
  const keyCache = new MemoryKeyCache();
  // the federation's loaders (what fetches a signature's key), the same for every request
  const loaders = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);

  async function overLimit(keyId: URL, ownerId: URL | null): Promise<InboxRefusal | null> {
    const actor = ownerId?.href ?? keyId.href.split('#', 1)[0]!;
    const limits = [rateLimit.inboxPerActorPer5Minutes, rateLimit.inboxPerServerPer5Minutes];
    const now = Date.now();
    // the API's counter (rate-limits/plugin.ts, registered after this gate is made, before any request)
    const counts = await app.rateLimitCounter.hit(
      [
        { key: `inbox:actor:${actor}`, periodMs: FIVE_MINUTES },
        { key: `inbox:server:${keyId.host}`, periodMs: FIVE_MINUTES },
      ],
      now,
    );
    const exceeded = counts.filter((count, index) => count && count.count > limits[index]!);
    if (exceeded.length === 0) return null;
    const resetAt = Math.max(...exceeded.map((count) => count!.resetAt));
    return {
      status: 429,
      error: 'Too many activities',
      headers: { 'retry-after': retryAfterSeconds(resetAt, now) },
    };
  }

  /**
   * null when `request` (whose body is `body`) may go on to Fedify; it is left unread. ACCEPTED_WITHOUT_WORK
   * for an activity that needs none.
   */
  return async function refusalOf(request: Request, body: Buffer): Promise<InboxRefusal | null> {
    const json = parsed(body);
    if ('status' in json) return json;
    if (await isWorkFree(ctx, json.activity)) return ACCEPTED_WITHOUT_WORK;
    // verifyRequestDetailed reads a clone of the request: its body is left for Fedify
    const verification = await verifyRequestDetailed(request, {
      documentLoader: loaders.documentLoader,
      contextLoader: loaders.contextLoader,
      timeWindow: SIGNATURE_TIME_WINDOW,
      keyCache,
    });
    if (!verification.verified) return { status: 401, error: 'Missing or invalid HTTP signature' };
    const { key } = verification;
    const keyId = key.id ?? key.ownerId;
    return keyId ? overLimit(keyId, key.ownerId) : null;
  };
}
