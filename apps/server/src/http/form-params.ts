/**
 * Rails-style form parameters: `a[b]=1` → `{ a: { b: '1' } }`, `a[]=1&a[]=2` → `{ a: ['1', '2'] }`,
 * `a[][k]=1&a[][w]=x&a[][k]=2` → `{ a: [{ k: '1', w: 'x' }, { k: '2' }] }` (a new element starts when the last
 * one already has the key), and an indexed hash `a[0][k]=1&a[1][k]=2` becomes the list it stands for. Form
 * posts then reach every route in the shape a JSON client sends, strings aside. A plain key sent twice keeps
 * both values as a list.
 */

type Params = Record<string, unknown>;

const MAX_DEPTH = 8;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isPlainObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `a[b][]` → ['a', 'b', '']; null when the key is not bracketed (or is malformed), so it stays as it is. */
function segmentsOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  const segments = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
  return segments.length <= MAX_DEPTH ? segments : null;
}

/** Whether `path` (hash keys only) already leads to a value in `target`. */
function hasPath(target: Params, path: readonly string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined || head === '' || !(head in target)) return false;
  const next = target[head];
  return rest.length === 0 || rest[0] === '' || !isPlainObject(next) || hasPath(next, rest);
}

function assign(target: Params, path: readonly string[], value: unknown): void {
  const [head = '', ...rest] = path;
  if (UNSAFE_KEYS.has(head)) return;
  if (rest.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else target[head] = [...(Array.isArray(existing) ? (existing as unknown[]) : [existing]), value];
    return;
  }
  if (rest[0] === '') {
    const list = Array.isArray(target[head]) ? (target[head] as unknown[]) : [];
    target[head] = list;
    const inner = rest.slice(1);
    if (inner.length === 0) {
      list.push(value);
      return;
    }
    const last = list[list.length - 1];
    if (isPlainObject(last) && !hasPath(last, inner)) assign(last, inner, value);
    else {
      const entry: Params = {};
      assign(entry, inner, value);
      list.push(entry);
    }
    return;
  }
  const child = isPlainObject(target[head]) ? target[head] : {};
  target[head] = child;
  assign(child, rest, value);
}

/** Hashes keyed only by indexes (`a[0]`, `a[1]`) become lists in index order. */
function listsFromIndexes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(listsFromIndexes);
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([key]) => /^\d{1,9}$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, entry]) => listsFromIndexes(entry));
  }
  return Object.fromEntries(entries.map(([key, entry]) => [key, listsFromIndexes(entry)]));
}

/** Nests form fields, in the order they were sent (the order decides `a[][k]` groups). */
export function nestFormParams(fields: Iterable<[string, unknown]>): Params {
  const nested: Params = {};
  for (const [key, value] of fields) {
    const segments = segmentsOf(key);
    if (segments) assign(nested, segments, value);
    else if (!UNSAFE_KEYS.has(key)) assign(nested, [key], value);
  }
  return Object.fromEntries(Object.entries(nested).map(([key, value]) => [key, listsFromIndexes(value)]));
}

/** An application/x-www-form-urlencoded body, nested. */
export const parseFormBody = (body: string): Params => nestFormParams(new URLSearchParams(body));
