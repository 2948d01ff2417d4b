import type { AppContext } from '../../context.js';
import { runtimeOf } from '../runtime.js';

/**
 * A local device's envelope sent to its chat's home server to be ordered: when the home's relay brings it back,
 * it is stored as that device's (its client recognizes its own send), under the id the 202 answer gave.
 */
export interface ForwardedEnvelope {
  id: string;
  deviceId: string;
}

/** As long as a member's server keeps retrying the delivery to a home server that is down. */
const FORWARD_TTL = Temporal.Duration.from({ days: 8 });

const keyOf = (objectId: string) => ['palchat', 'e2ee-forwarded', objectId] as const;

export async function rememberForwarded(ctx: AppContext, objectId: string, envelope: ForwardedEnvelope) {
  await runtimeOf(ctx)?.kv.set(keyOf(objectId), envelope, { ttl: FORWARD_TTL });
}

export async function forwardedEnvelope(
  ctx: AppContext,
  objectId: string,
): Promise<ForwardedEnvelope | undefined> {
  return runtimeOf(ctx)?.kv.get<ForwardedEnvelope>(keyOf(objectId));
}
