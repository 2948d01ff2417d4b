/**
 * A pinned column's `id` param (the list's id, the hashtag) as text, '' when it has none. Columns come back from
 * the stored web settings, so the value is not trusted to be a string; a number is kept as its digits.
 */
export function columnParamId(params: Record<string, unknown>): string {
  const id = params.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}
