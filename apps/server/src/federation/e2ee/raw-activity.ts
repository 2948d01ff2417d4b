import { Add, Announce, Create, Delete, Remove, type Activity } from '@fedify/vocab';
import jsonld from '@fedify/vocab-runtime/jsonld';
import { preloadedContextLoader } from '../document-loader.js';

type JsonObject = Record<string, unknown>;

/** JSON-LD's expansion (the typings of Fedify's bundled jsonld are not exported). */
const { expand } = jsonld as unknown as {
  expand: (input: unknown, options: object) => Promise<unknown>;
};

const CLASSES = { Create, Add, Remove, Delete, Announce } as const;
export type RawActivityType = keyof typeof CLASSES;

/**
 * An activity Fedify sends (signs, enqueues, delivers, retries) as exactly this JSON document: Fedify's
 * vocabulary has no MLS types, and compacting through it would write the draft's terms as full IRIs. A class
 * per document, not a field: Fedify clones activities with `new this.constructor()`.
 */
export function rawActivity(json: JsonObject): Activity {
  const { type, id, actor } = json;
  if (typeof type !== 'string' || !(type in CLASSES) || typeof id !== 'string' || typeof actor !== 'string')
    throw new TypeError('an activity to send needs a known type, an id and an actor');
  const Base: typeof Activity = CLASSES[type as RawActivityType];
  class Raw extends Base {
    override async toJsonLd(options?: { format?: string }): Promise<unknown> {
      if (options?.format === 'expand') return expand(json, { documentLoader: preloadedContextLoader });
      return json;
    }
  }
  return new Raw({ id: new URL(id), actor: new URL(actor) });
}
