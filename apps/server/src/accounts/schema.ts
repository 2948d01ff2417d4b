import { z } from 'zod';
import { updateCredentialsSchema, type UpdateCredentials } from '@palchat/api';
import { badRequest } from '../http/errors.js';
import { storedId } from '../lib/ids.js';
import { message } from '../i18n/format.js';

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
  if (ids.length !== raw.length) throw badRequest(message('http.list_of_ids', { field: key }));
  return [...new Set(ids.map((id) => storedId(id)))].slice(0, 100);
}

/** The profile fields of an update_credentials body: a list, or Rails' hash keyed by index; anything else is ignored. */
function fieldsAttributesOf(value: unknown): Record<string, unknown>[] | undefined {
  // JSON clients may send the Rails form as an object keyed by index ({"0": {"name": …}})
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.values(value)
      : null;
  if (!list) return undefined;
  return list
    .filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object')
    .map((entry) => ({ name: entry.name ?? '', value: entry.value ?? '' }));
}

/**
 * Validates an update_credentials body, JSON or form fields (nested by the form parser: `fields_attributes[0][name]`,
 * `source[privacy]`). As Rails, a `fields_attributes` that is not a list of fields is left out, not refused.
 */
export function parseUpdateCredentials(body: unknown): UpdateCredentials {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('http.expected_object');
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if ('fields_attributes' in input) {
    const fields = fieldsAttributesOf(input.fields_attributes);
    if (fields === undefined) delete input.fields_attributes;
    else input.fields_attributes = fields;
  }
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
