import { MLS_NS } from './vocabulary.js';

type JsonObject = Record<string, unknown>;

const AS = 'https://www.w3.org/ns/activitystreams#';

/**
 * The draft's term, defined inline as its context defines it: an actor document is read by every server that
 * verifies our signatures, and one that knows only the contexts it preloads (or cannot reach purl.archive.org)
 * would refuse the whole document, keys included, over a context URL it cannot load.
 */
export const KEY_PACKAGES_TERMS = { mls: MLS_NS, keyPackages: 'mls:keyPackages' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type JsonLdClass = abstract new (...args: any[]) => { toJsonLd(options?: object): Promise<unknown> };

/** The `keyPackages` collection an actor document embeds (vocabulary.ts, keyPackagesCollection). */
export interface KeyPackagesValue {
  id: string;
  items: readonly string[];
}

/**
 * An actor class whose JSON-LD also carries the draft's `keyPackages` (Fedify does not model it): the Collection
 * of the actor's currently valid KeyPackage ids, with the draft's term definition; in the expanded form too, for
 * signatures. A class per document: Fedify clones objects with `new this.constructor()`.
 */
export function withKeyPackages<C extends JsonLdClass>(Base: C, value: KeyPackagesValue): C {
  abstract class WithKeyPackages extends Base {
    override async toJsonLd(options?: { format?: string }): Promise<unknown> {
      const json = await super.toJsonLd(options);
      if (options?.format === 'expand') {
        const [node] = json as JsonObject[];
        if (node)
          node[`${MLS_NS}keyPackages`] = [
            {
              '@id': value.id,
              '@type': [`${AS}Collection`],
              [`${AS}totalItems`]: [
                {
                  '@value': value.items.length,
                  '@type': 'http://www.w3.org/2001/XMLSchema#nonNegativeInteger',
                },
              ],
              [`${AS}items`]: value.items.map((id) => ({ '@id': id })),
            },
          ];
        return json;
      }
      const compact = json as JsonObject;
      const context = compact['@context'];
      return {
        ...compact,
        '@context': context === undefined ? KEY_PACKAGES_TERMS : [context, KEY_PACKAGES_TERMS].flat(),
        keyPackages: {
          type: 'Collection',
          id: value.id,
          totalItems: value.items.length,
          items: [...value.items],
        },
      };
    }
  }
  return WithKeyPackages;
}
