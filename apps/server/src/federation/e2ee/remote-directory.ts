import type { DocumentLoader } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { INSTANCE_ACTOR } from '../actors.js';
import { runtimeOf } from '../runtime.js';
import { idsOf, isJsonObject, MlsObjectError, parseMlsObject, termOf } from './parse.js';
import { MLS_NS } from './vocabulary.js';

/**
 * A remote actor's key packages, read as the draft's Authentication Service says (section "Authentication
 * Service"): the actor document's `keyPackages` collection, then each KeyPackage object it lists, which must be
 * attributed to that actor, be on its server and carry an MLS KeyPackage. Fetched signed as the instance actor
 * (servers with authorized fetch), never from a cache: the collection changes as key packages are used.
 */

/** At most this many key packages are read per actor (10 per device is what Palchat keeps). */
const MAX_KEY_PACKAGES = 50;

type JsonObject = Record<string, unknown>;

export interface RemoteKeyPackage {
  /** the KeyPackage object's id */
  uri: string;
  /** base64 MLSMessage(KeyPackage) */
  keyPackage: string;
}

async function loaderOf(ctx: AppContext): Promise<DocumentLoader | null> {
  const runtime = runtimeOf(ctx);
  if (!runtime) return null;
  const context = runtime.federation.createContext(new URL(ctx.config.publicUrl), ctx);
  return context.getDocumentLoader({ identifier: INSTANCE_ACTOR });
}

async function fetchObject(load: DocumentLoader, url: string): Promise<JsonObject> {
  const { document } = await load(url);
  if (!isJsonObject(document)) throw new MlsObjectError(`${url} is not a JSON object`);
  return document;
}

/** The values of a collection (embedded or fetched), its first page followed when the items are there. */
async function collectionItems(load: DocumentLoader, value: unknown): Promise<unknown[]> {
  if (Array.isArray(value)) return value as unknown[];
  const given = typeof value === 'string' ? await fetchObject(load, value) : value;
  if (!isJsonObject(given)) return [];
  let collection: JsonObject = given;
  // a reference to the collection: its id alone
  if (
    collection.items === undefined &&
    collection.orderedItems === undefined &&
    collection.first === undefined
  ) {
    if (typeof collection.id !== 'string') return [];
    collection = await fetchObject(load, collection.id);
  }
  const items = collection.items ?? collection.orderedItems;
  if (items !== undefined) return Array.isArray(items) ? (items as unknown[]) : [items];
  const first = collection.first;
  if (first === undefined) return [];
  const page = typeof first === 'string' ? await fetchObject(load, first) : first;
  if (!isJsonObject(page)) return [];
  const pageItems = page.items ?? page.orderedItems ?? [];
  return Array.isArray(pageItems) ? (pageItems as unknown[]) : [pageItems];
}

/** A KeyPackage object of `actorUri` (embedded, or fetched by id), checked; null when it is not one. */
async function keyPackageOf(
  load: DocumentLoader,
  actorUri: string,
  item: unknown,
): Promise<RemoteKeyPackage | null> {
  try {
    const ids = idsOf(item);
    const embedded = isJsonObject(item) && item.content !== undefined;
    const object = embedded ? item : ids[0] ? await fetchObject(load, ids[0]) : null;
    if (!object) return null;
    const parsed = parseMlsObject(object);
    if (parsed.type !== 'KeyPackage' || parsed.attributedTo !== actorUri) return null;
    if (new URL(parsed.id).origin !== new URL(actorUri).origin) return null;
    // a fetched object must be the one the collection lists
    if (!embedded && parsed.id !== ids[0]) return null;
    return { uri: parsed.id, keyPackage: parsed.content };
  } catch {
    return null;
  }
}

/**
 * The currently valid key packages of a remote account (its actor's `keyPackages`), or null when its actor
 * cannot be read now (unreachable). Items that are not valid KeyPackage objects of that actor are left out.
 */
export async function fetchRemoteKeyPackages(
  ctx: AppContext,
  account: Pick<AccountsTable, 'uri'>,
): Promise<RemoteKeyPackage[] | null> {
  const load = await loaderOf(ctx);
  if (!load || !account.uri) return null;
  const actorUri = account.uri;
  let actor: JsonObject;
  try {
    actor = await fetchObject(load, actorUri);
  } catch {
    return null;
  }
  if (actor.id !== actorUri) return null;
  const property = termOf(actor, 'keyPackages', 'mls', MLS_NS);
  if (property === undefined) return [];
  let items: unknown[];
  try {
    items = (await collectionItems(load, property)).slice(0, MAX_KEY_PACKAGES);
  } catch {
    return null;
  }
  const packages = await Promise.all(items.map((item) => keyPackageOf(load, actorUri, item)));
  return packages.filter((found): found is RemoteKeyPackage => found !== null);
}
