import { Create, Note, Question, Update, type Object as ApObject } from '@fedify/vocab';

/**
 * Mastodon's media extensions (`blurhash`, `focalPoint`) as Mastodon writes them: plain keys, defined in the
 * document's top @context (`toot:blurhash`, and `toot:focalPoint` as a list). Fedify compacts a Note or an
 * activity with its own context, which lacks these two terms, so its JSON carries them as `toot:blurhash` and
 * `toot:focalPoint: { "@list": … }` — the same IRIs, but Mastodon reads the plain keys only. The classes below
 * rewrite their compacted JSON that way (same RDF, so Linked Data signatures hold; Object Integrity Proofs
 * are made over this same output).
 */
export const TOOT = 'http://joinmastodon.org/ns#';
export const MEDIA_TERMS = {
  toot: TOOT,
  blurhash: 'toot:blurhash',
  focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TERMS = ['blurhash', 'focalPoint'] as const;

/** Renames the prefixed media terms of every node under `value` in place; whether any was found. */
function renameTerms(value: unknown): boolean {
  if (Array.isArray(value)) return value.map(renameTerms).some(Boolean);
  if (!isObject(value)) return false;
  let found = false;
  for (const term of TERMS) {
    for (const key of [`toot:${term}`, `${TOOT}${term}`]) {
      if (!(key in value)) continue;
      const raw = value[key];
      value[term] = isObject(raw) && Array.isArray(raw['@list']) ? raw['@list'] : raw;
      delete value[key];
      found = true;
    }
  }
  for (const [key, child] of Object.entries(value)) {
    if (key !== '@context' && renameTerms(child)) found = true;
  }
  return found;
}

/** A compacted document with Mastodon's plain media terms (and their definitions in its top @context). */
export function withPlainMediaTerms(json: unknown): unknown {
  if (!isObject(json)) return json;
  const copy = structuredClone(json);
  if (!renameTerms(copy)) return json;
  const context = copy['@context'];
  copy['@context'] = context === undefined ? MEDIA_TERMS : [context, MEDIA_TERMS].flat();
  return copy;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base constructor takes any arguments
type ObjectClass = abstract new (...args: any[]) => ApObject;

/** `Base` whose compacted JSON-LD carries Mastodon's plain media terms. */
function withMediaTerms<Base extends ObjectClass>(base: Base) {
  abstract class WithMediaTerms extends base {
    override async toJsonLd(options?: Parameters<ApObject['toJsonLd']>[0]): Promise<unknown> {
      const json = await super.toJsonLd(options);
      return options?.format === 'expand' ? json : withPlainMediaTerms(json);
    }
  }
  return WithMediaTerms;
}

/** The classes our statuses go out as: their JSON-LD reads as Mastodon's. */
export class MastodonNote extends withMediaTerms(Note) {}
export class MastodonQuestion extends withMediaTerms(Question) {}
export class MastodonCreate extends withMediaTerms(Create) {}
export class MastodonUpdate extends withMediaTerms(Update) {}
