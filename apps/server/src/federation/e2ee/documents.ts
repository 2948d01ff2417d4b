import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicRoute } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { freeLocalKeyPackagesOf } from '../../e2ee/store.js';
import { findLocalActor } from '../actors.js';
import { toWebRequest } from '../bridge.js';
import { fetchAuthorized } from '../fetch-authorization.js';
import { runtimeOf } from '../runtime.js';
import { keyPackageObject } from './outgoing.js';
import { keyPackageIdsOf } from './key-package-ids.js';
import { keyPackagesUri } from './uris.js';
import { keyPackagesCollection, withMlsContext } from './vocabulary.js';

const ACTIVITY_JSON = 'application/activity+json; charset=utf-8';
const KEY_PACKAGE_ID = /^\d{1,20}$/;

/** AUTHORIZED_FETCH: only a signed fetch gets the documents, as with every other object of ours. */
async function fetchAllowed(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const runtime = runtimeOf(ctx);
  if (!runtime || !ctx.config.federation.authorizedFetch) return true;
  const context = runtime.federation.createContext(toWebRequest(request, ctx.config.publicUrl, null), ctx);
  return fetchAuthorized(context);
}

/**
 * The draft's directory documents of local people: the `keyPackages` collection at its id, and each currently
 * valid KeyPackage object at its own (404 once it was used or withdrawn). Public, like the actor, except with
 * AUTHORIZED_FETCH.
 */
export function registerKeyPackageDocuments(app: FastifyInstance, ctx: AppContext): void {
  const runtime = runtimeOf(ctx);
  if (!runtime) return;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);

  app.get('/users/:username/keyPackages', publicRoute, async (request, reply) => {
    const { username } = request.params as { username: string };
    if (!(await fetchAllowed(ctx, request))) return reply.status(401).send({ error: 'Request not signed' });
    const owner = await findLocalActor(ctx, username);
    if (!owner) return reply.status(404).send({ error: 'Record not found' });
    const items = await keyPackageIdsOf(ctx, owner);
    return reply
      .type(ACTIVITY_JSON)
      .send(withMlsContext(keyPackagesCollection({ id: keyPackagesUri(ctx, owner.username), items })));
  });

  app.get('/users/:username/keyPackages/:id', publicRoute, async (request, reply) => {
    const { username, id } = request.params as { username: string; id: string };
    if (!KEY_PACKAGE_ID.test(id)) return reply.status(404).send({ error: 'Record not found' });
    if (!(await fetchAllowed(ctx, request))) return reply.status(401).send({ error: 'Request not signed' });
    const owner = await findLocalActor(ctx, username);
    const keyPackage = owner
      ? (await freeLocalKeyPackagesOf(ctx.db, owner.id)).find((row) => row.id === id)
      : undefined;
    if (!owner || !keyPackage) return reply.status(404).send({ error: 'Record not found' });
    return reply.type(ACTIVITY_JSON).send(withMlsContext(keyPackageObject(context, owner, keyPackage)));
  });
}
