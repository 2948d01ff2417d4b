import { z } from 'zod';
import { visibilitySchema } from '@palchat/api';
import { badRequest } from '../http/errors.js';

/** Form posts send booleans as text ("true", "1", "on"); JSON sends them as booleans. */
export const looseBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  if (['true', '1', 'on'].includes(lower)) return true;
  if (['false', '0', 'off', ''].includes(lower)) return false;
  return value;
}, z.boolean());

const idString = z.union([z.string(), z.number().int()]).transform(String);

const pollInputSchema = z.object({
  options: z.array(z.string()).min(1).max(50),
  expires_in: z.coerce.number().int(),
  multiple: looseBoolean.optional(),
  hide_totals: looseBoolean.optional(),
});

/** PUT /api/v1/statuses/:id changes its attachments' alt text and focal point (Mastodon's media_attributes). */
const mediaAttributeSchema = z.object({
  id: idString,
  description: z.string().max(10_000).nullable().optional(),
  focus: z.string().max(100).nullable().optional(),
});
export type MediaAttributeInput = z.infer<typeof mediaAttributeSchema>;

/** A status as written: POST /api/v1/statuses and PUT /api/v1/statuses/:id. */
export const statusInputSchema = z.object({
  status: z.string().max(100_000).optional(),
  media_ids: z.array(idString).max(50).optional(),
  media_attributes: z.array(mediaAttributeSchema).max(50).optional(),
  poll: pollInputSchema.nullable().optional(),
  in_reply_to_id: idString.nullable().optional(),
  sensitive: looseBoolean.optional(),
  spoiler_text: z.string().max(10_000).optional(),
  visibility: visibilitySchema.optional(),
  language: z
    .string()
    .regex(/^[a-zA-Z-]{2,16}$/)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
});
export type StatusInput = z.infer<typeof statusInputSchema>;

function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const MEDIA_ATTRIBUTE_KEY = /^media_attributes\[(\d*)\]\[(id|description|focus)\]$/;

/**
 * Form fields `media_attributes[0][id]` (indexed) or `media_attributes[][id]` (repeated, matched by position)
 * as a list of objects.
 */
class MediaAttributeFields {
  private readonly indexed = new Map<number, Record<string, unknown>>();
  private readonly repeated: Record<string, unknown[]> = {};

  /** Takes the field when it is one of media_attributes'; false otherwise. */
  take(key: string, value: unknown): boolean {
    const match = MEDIA_ATTRIBUTE_KEY.exec(key);
    if (!match) return false;
    const [, index = '', field = ''] = match;
    if (index === '') this.repeated[field] = [...(this.repeated[field] ?? []), ...asList(value)];
    else this.indexed.set(Number(index), { ...this.indexed.get(Number(index)), [field]: value });
    return true;
  }

  list(): Record<string, unknown>[] | undefined {
    const ordered = [...this.indexed.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
    const count = Math.max(0, ...Object.values(this.repeated).map((values) => values.length));
    const zipped = Array.from({ length: count }, (_, position) =>
      Object.fromEntries(Object.entries(this.repeated).map(([field, values]) => [field, values[position]])),
    );
    const all = [...ordered, ...zipped];
    return all.length ? all : undefined;
  }
}

/**
 * Normalizes JSON and form bodies (`media_ids[]`, `poll[options][]`, `poll[expires_in]`,
 * `media_attributes[][id]`) into one shape, then validates it.
 */
export function parseStatusInput(body: unknown): StatusInput {
  if (body === undefined || body === null) return statusInputSchema.parse({});
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Expected a JSON object or form fields');
  const input: Record<string, unknown> = {};
  const poll: Record<string, unknown> = {};
  const mediaAttributes = new MediaAttributeFields();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const pollKey = /^poll\[(options|expires_in|multiple|hide_totals)\](\[\d*\])?$/.exec(key);
    if (mediaAttributes.take(key, value)) continue;
    if (key === 'media_ids[]' || key === 'media_ids') input.media_ids = asList(value);
    else if (pollKey?.[1] === 'options') poll.options = [...asList(poll.options), ...asList(value)];
    else if (pollKey?.[1]) poll[pollKey[1]] = value;
    else input[key] = value;
  }
  if (Object.keys(poll).length) input.poll = poll;
  input.media_attributes ??= mediaAttributes.list();
  return statusInputSchema.parse(input);
}
