import { z } from 'zod';
import { quotePolicySchema, visibilitySchema } from '@palchat/api';
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
  /** Mastodon 4.5: the status this one quotes; on an edit, null or empty removes the quote */
  quoted_status_id: idString
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** Mastodon 4.5: who may quote this status (the account's default when omitted) */
  quote_approval_policy: quotePolicySchema.optional(),
  /** Mastodon 4.5: the accounts this status may mention; posting fails (422) if it would mention others */
  allowed_mentions: z.array(idString).max(1000).optional(),
  /** Mastodon's scheduled_at: any date the server can read; checked by statuses/scheduled.ts */
  scheduled_at: z.string().max(64).nullable().optional(),
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

/**
 * Validates a status body, JSON or form fields (nested by the form parser: `media_ids[]`, `poll[options][]`,
 * `poll[expires_in]`, `media_attributes[][id]`); a lone media id is a list of one.
 */
export function parseStatusInput(body: unknown): StatusInput {
  if (body === undefined || body === null) return statusInputSchema.parse({});
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('http.expected_object');
  const input: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (input.media_ids !== undefined) input.media_ids = asList(input.media_ids);
  if (input.allowed_mentions !== undefined) input.allowed_mentions = asList(input.allowed_mentions);
  const poll = input.poll;
  if (poll && typeof poll === 'object' && !Array.isArray(poll) && 'options' in poll) {
    input.poll = { ...poll, options: asList(poll.options) };
  }
  return statusInputSchema.parse(input);
}
