import { z } from 'zod';
import { updateCredentialsSchema, type UpdateCredentials } from '@palchat/api';
import { badRequest } from '../http/errors.js';

/** Form posts send booleans as text ("true", "1", "on"); JSON sends them as booleans. */
const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (['true', '1', 'on'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'off', ''].includes(value.toLowerCase())) return false;
  return value;
}, z.boolean());

export const followBodySchema = z
  .object({ reblogs: formBoolean.optional(), notify: formBoolean.optional() })
  .default({});

/** `?id[]=1&id[]=2`, `?id=1` or `?id[]=1`: Mastodon clients send all three. */
export function idsFromQuery(query: unknown, key = 'id'): string[] {
  const record = (query ?? {}) as Record<string, unknown>;
  const raw = [record[`${key}[]`], record[key]].flat().filter((value) => value !== undefined);
  const ids = raw.map(String).filter((value) => /^\d{1,18}$/.test(value));
  if (ids.length !== raw.length) throw badRequest(`${key} must be a list of account ids`);
  return [...new Set(ids.map((id) => id.padStart(18, '0')))].slice(0, 100);
}

/**
 * Normalizes an update_credentials body from JSON or from form fields (`fields_attributes[0][name]`,
 * `source[privacy]`) into one shape, then validates it.
 */
export function parseUpdateCredentials(body: unknown): UpdateCredentials {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Expected a JSON object or form fields');
  const input: Record<string, unknown> = {};
  const fields = new Map<number, Record<string, unknown>>();
  const source: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const field = /^fields_attributes\[(\d+)\]\[(name|value)\]$/.exec(key);
    const sourceKey = /^source\[(privacy|sensitive|language)\]$/.exec(key);
    if (field) {
      const index = Number(field[1]);
      const entry = fields.get(index) ?? {};
      entry[field[2] ?? ''] = value;
      fields.set(index, entry);
    } else if (sourceKey?.[1]) {
      source[sourceKey[1]] = value;
    } else {
      input[key] = value;
    }
  }
  if (fields.size) {
    input.fields_attributes = [...fields.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, entry]) => ({ name: entry.name ?? '', value: entry.value ?? '' }));
  }
  if (
    input.fields_attributes &&
    !Array.isArray(input.fields_attributes) &&
    typeof input.fields_attributes === 'object'
  ) {
    // JSON clients may send fields_attributes as an object keyed by index
    input.fields_attributes = Object.values(input.fields_attributes as Record<string, unknown>);
  }
  if (Object.keys(source).length) input.source = { ...(input.source as object | undefined), ...source };
  const relaxed = updateCredentialsSchema.extend({
    locked: formBoolean.optional(),
    bot: formBoolean.optional(),
    discoverable: formBoolean.optional(),
    source: updateCredentialsSchema.shape.source
      .unwrap()
      .extend({ sensitive: formBoolean.optional() })
      .optional(),
  });
  return relaxed.parse(input);
}
