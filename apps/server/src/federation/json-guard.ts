import { preloadedContexts } from '@fedify/fedify/runtime';
import { EXTRA_PRELOADED_CONTEXTS } from './e2ee/context.js';

/**
 * What a JSON-LD document from another server may contain before any JSON-LD processing touches it. The
 * expansion Fedify runs costs time and memory that grow with the nesting of scoped contexts (a 22 KB body made
 * it take 36 s and 4 GB), so contexts are held to the preloaded URLs and small flat term maps.
 */
export const JSON_LD_LIMITS = {
  /** arrays and objects nested in one another, counted on the raw text before JSON.parse */
  maxDepth: 64,
  /** entries of one `@context` (URLs and term maps) */
  maxContextEntries: 16,
  /** terms of one inline term map (Misskey's, the largest seen, has about 60) */
  maxTermsPerContext: 256,
  /** `@context` values anywhere in one document */
  maxContexts: 64,
} as const;

export class JsonLdLimitError extends Error {
  override name = 'JsonLdLimitError';
}

const PRELOADED_CONTEXTS: ReadonlySet<string> = new Set([
  ...Object.keys(preloadedContexts),
  ...Object.keys(EXTRA_PRELOADED_CONTEXTS),
]);

/** Keywords a term map may set besides its terms; `@import` (a remote load) is not among them. */
const CONTEXT_KEYWORDS: ReadonlySet<string> = new Set([
  '@base',
  '@direction',
  '@language',
  '@propagate',
  '@protected',
  '@version',
  '@vocab',
]);

/**
 * Refuses `text` nested deeper than the limit before JSON.parse (a 100,000-deep array would overflow its stack
 * or that of whatever walks the result), then parses it and checks its JSON-LD. Throws JsonLdLimitError, or
 * SyntaxError for JSON that does not parse.
 */
export function parseGuardedJson(text: string): unknown {
  assertTextDepth(text);
  return checkJsonLdLimits(JSON.parse(text) as unknown);
}

/** Bracket depth outside strings, in one pass over the characters. */
function assertTextDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > JSON_LD_LIMITS.maxDepth) throw tooDeep();
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
}

const tooDeep = () => new JsonLdLimitError(`JSON nested deeper than ${JSON_LD_LIMITS.maxDepth} levels`);

/**
 * Checks an already parsed document (an iterative walk: no recursion to overflow): its depth, and that every
 * `@context` in it is a preloaded context URL or a small flat term map. Returns `value`; throws JsonLdLimitError.
 */
export function checkJsonLdLimits<T>(value: T): T {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  let contexts = 0;
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node, depth } = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= JSON_LD_LIMITS.maxDepth) throw tooDeep();
    const children = Array.isArray(node) ? (node as unknown[]) : Object.values(node);
    if (!Array.isArray(node) && '@context' in node) {
      if (++contexts > JSON_LD_LIMITS.maxContexts)
        throw new JsonLdLimitError(`more than ${JSON_LD_LIMITS.maxContexts} @context values`);
      checkContext((node as Record<string, unknown>)['@context']);
    }
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return value;
}

function checkContext(context: unknown): void {
  const entries = Array.isArray(context) ? (context as unknown[]) : [context];
  if (entries.length > JSON_LD_LIMITS.maxContextEntries)
    throw new JsonLdLimitError(`@context with more than ${JSON_LD_LIMITS.maxContextEntries} entries`);
  for (const entry of entries) {
    if (entry === null) continue;
    if (typeof entry === 'string') {
      if (!PRELOADED_CONTEXTS.has(entry))
        throw new JsonLdLimitError(`@context ${entry} is not a known context`);
    } else if (typeof entry === 'object' && !Array.isArray(entry)) {
      checkTermMap(entry as Record<string, unknown>);
    } else {
      throw new JsonLdLimitError('@context entries must be context URLs or term maps');
    }
  }
}

function checkTermMap(terms: Record<string, unknown>): void {
  const names = Object.keys(terms);
  if (names.length > JSON_LD_LIMITS.maxTermsPerContext)
    throw new JsonLdLimitError(`@context term map with more than ${JSON_LD_LIMITS.maxTermsPerContext} terms`);
  for (const name of names) {
    const definition = terms[name];
    if (name.startsWith('@')) {
      if (!CONTEXT_KEYWORDS.has(name)) throw new JsonLdLimitError(`${name} is not allowed in a @context`);
      if (definition !== null && typeof definition === 'object')
        throw new JsonLdLimitError(`${name} in a @context must be a plain value`);
    } else if (definition !== null && typeof definition === 'object' && !Array.isArray(definition)) {
      checkTermDefinition(name, definition as Record<string, unknown>);
    } else if (definition !== null && typeof definition !== 'string') {
      throw new JsonLdLimitError(`the definition of ${name} must be a string or a flat object`);
    }
  }
}

/** `{"@id": …, "@type": …, "@container": …}`: flat, and without a scoped `@context` of its own. */
function checkTermDefinition(name: string, definition: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(definition)) {
    if (key === '@context') throw new JsonLdLimitError(`scoped @context in the definition of ${name}`);
    const flat = Array.isArray(value)
      ? (value as unknown[]).every((item) => typeof item === 'string')
      : value === null || typeof value !== 'object';
    if (!flat) throw new JsonLdLimitError(`the definition of ${name} must be flat`);
  }
}
