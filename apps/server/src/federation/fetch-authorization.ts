import type { RequestContext } from '@fedify/fedify';
import type { AppContext } from '../context.js';

/** Whether a GET of an actor, object or collection may be answered (AUTHORIZED_FETCH wants a signature). */
export async function fetchAuthorized(context: RequestContext<AppContext>): Promise<boolean> {
  if (!context.data.config.federation.authorizedFetch) return true;
  return (await context.getSignedKeyOwner()) !== null;
}
