import { z } from 'zod';

/** The request shapes of /api/v1/e2ee (docs/E2EE-API.md). MLS values are standard base64. */

const id = z.string().regex(/^\d{1,18}$/, 'is not a valid id');
const base64 = z.string().min(1).max(400_000);
const seq = z.coerce.number().int().min(0);

export const idParamsSchema = z.object({ id });
export const accountParamsSchema = z.object({ account_id: id });

export const registerDeviceBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  signature_public_key: base64,
});

export const uploadKeyPackagesBodySchema = z.object({
  key_packages: z.array(base64).min(1).max(50),
});

export const claimBodySchema = z.object({
  account_ids: z.array(id).min(1).max(100),
  exclude_device_ids: z.array(id).max(200).optional().default([]),
});

const idList = z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(id).max(100));

export const eligibilityQuerySchema = z.object({
  'account_ids[]': idList.optional(),
  account_ids: idList.optional(),
});

export const createConversationBodySchema = z.object({
  participant_ids: z.array(id).min(1).max(100),
  name: z.string().nullable().optional(),
  mls_group_id: base64,
  commit: base64,
  welcome: base64,
  group_info: base64.optional(),
});

const postMessageFields = z.object({
  device_id: id,
  message: base64,
  signal: z.boolean().optional().default(false),
  ephemeral: z.boolean().optional().default(false),
  welcome: base64.optional(),
  group_info: base64.optional(),
  add_participant_ids: z.array(id).max(100).optional().default([]),
  remove_participant_ids: z.array(id).max(100).optional().default([]),
  /** the pending removals (device ids) this commit carries out */
  removed_device_ids: z.array(id).max(500).optional().default([]),
  /** the same, as an earlier draft of docs/E2EE-API.md named it */
  remove_device_ids: z.array(id).max(500).optional().default([]),
});

export const postMessageBodySchema = postMessageFields.transform(({ remove_device_ids, ...body }) => ({
  ...body,
  removed_device_ids: [...body.removed_device_ids, ...remove_device_ids],
}));

export const fetchQuerySchema = z.object({
  device_id: id,
  after: seq.optional().default(0),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
});

export const ackBodySchema = z.object({ device_id: id, seq });
export const deviceQuerySchema = z.object({ device_id: id });
export const mediaQuerySchema = z.object({ conversation_id: id.optional() });

/** The `mls` part of add_participants / remove_participants in an encrypted chat. */
export const membershipCommitSchema = z.object({
  device_id: id,
  message: base64,
  welcome: base64.optional(),
  group_info: base64.optional(),
});
