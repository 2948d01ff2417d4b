import { describe, expect, it } from 'vitest';
import { checkJsonLdLimits, JSON_LD_LIMITS, JsonLdLimitError, parseGuardedJson } from './json-guard.js';

const AS = 'https://www.w3.org/ns/activitystreams';

/** `depth` term definitions, each with a scoped @context holding the next (issue 29's attack). */
function nestedScopedContexts(depth: number): Record<string, unknown> {
  let context: Record<string, unknown> = { leaf: 'as:content' };
  for (let level = 0; level < depth; level++)
    context = { [`t${level}`]: { '@id': 'as:name', '@context': context } };
  return { '@context': [AS, context], type: 'Note', content: 'hi' };
}

const mastodonFollow = {
  '@context': [
    AS,
    'https://w3id.org/security/v1',
    {
      toot: 'http://joinmastodon.org/ns#',
      featured: { '@id': 'toot:featured', '@type': '@id' },
      focalPoint: { '@container': ['@list'], '@id': 'toot:focalPoint' },
      '@language': 'en',
    },
  ],
  id: 'https://remote.example/users/bob#follows/1',
  type: 'Follow',
  actor: 'https://remote.example/users/bob',
  object: { id: 'https://social.example/users/alice', '@context': AS },
};

describe('parseGuardedJson', () => {
  it('parses what Mastodon sends', () => {
    expect(parseGuardedJson(JSON.stringify(mastodonFollow))).toEqual(mastodonFollow);
  });

  it('refuses a 100,000-deep array and a 5,000-deep object before parsing them', () => {
    expect(() => parseGuardedJson('['.repeat(100_000) + ']'.repeat(100_000))).toThrow(JsonLdLimitError);
    expect(() => parseGuardedJson('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).toThrow(JsonLdLimitError);
  });

  it('takes brackets inside strings, escaped quotes included, for text', () => {
    const value = { content: '[[[{{{\\"[[[' + '['.repeat(200) };
    expect(parseGuardedJson(JSON.stringify(value))).toEqual(value);
  });

  it('accepts the deepest nesting allowed and refuses one level more', () => {
    const deepest = JSON_LD_LIMITS.maxDepth;
    expect(() => parseGuardedJson('['.repeat(deepest) + ']'.repeat(deepest))).not.toThrow();
    expect(() => parseGuardedJson('['.repeat(deepest + 1) + ']'.repeat(deepest + 1))).toThrow(
      JsonLdLimitError,
    );
  });

  it('throws SyntaxError for text that is not JSON', () => {
    expect(() => parseGuardedJson('{"a":')).toThrow(SyntaxError);
  });
});

describe('checkJsonLdLimits', () => {
  it('refuses term definitions with scoped contexts, 600 deep or just one', () => {
    expect(() => checkJsonLdLimits(nestedScopedContexts(600))).toThrow(/scoped @context/);
    expect(() => checkJsonLdLimits(nestedScopedContexts(1))).toThrow(JsonLdLimitError);
  });

  it('refuses a context URL that is not preloaded, and @import', () => {
    expect(() => checkJsonLdLimits({ '@context': 'https://evil.example/context.jsonld' })).toThrow(
      /not a known context/,
    );
    expect(() => checkJsonLdLimits({ '@context': { '@import': AS } })).toThrow(/@import/);
  });

  it('checks contexts of embedded objects too', () => {
    const embedded = { '@context': AS, object: { '@context': 'https://evil.example/ctx' } };
    expect(() => checkJsonLdLimits(embedded)).toThrow(JsonLdLimitError);
  });

  it('refuses oversized term maps and context lists', () => {
    const terms = Object.fromEntries(
      Array.from({ length: JSON_LD_LIMITS.maxTermsPerContext + 1 }, (_, index) => [`t${index}`, 'as:name']),
    );
    expect(() => checkJsonLdLimits({ '@context': terms })).toThrow(/terms/);
    const list = Array.from({ length: JSON_LD_LIMITS.maxContextEntries + 1 }, () => AS);
    expect(() => checkJsonLdLimits({ '@context': list })).toThrow(/entries/);
  });

  it('refuses a deep parsed value without recursing', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(() => checkJsonLdLimits(deep)).toThrow(JsonLdLimitError);
  });

  it('returns the value it was given', () => {
    expect(checkJsonLdLimits(mastodonFollow)).toBe(mastodonFollow);
  });
});
