import { z } from 'zod';

export {
  createConversationBodySchema,
  participantIdsBodySchema,
  preferencesPatchSchema,
  reactBodySchema,
  renameBodySchema,
  reportBodySchema,
  sendMessageBodySchema,
  settingsPatchSchema,
  transferOwnershipBodySchema,
} from '@palchat/api';

const id = z.string().regex(/^\d{1,18}$/, 'is not a valid id');
const optionalInt = z.coerce.number().int().min(0).optional();

export const idParamsSchema = z.object({ id });
export const userIdParamsSchema = z.object({ userId: id });

export const conversationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).optional(),
  max_updated_at: z.string().optional(),
});

export const conversationPageQuerySchema = z.object({
  limit: optionalInt,
  max_id: id.optional(),
  min_id: id.optional(),
});

export const searchQuerySchema = z.object({
  q: z.string().default(''),
  limit: optionalInt,
  offset: optionalInt,
  conversation_id: id.optional(),
});

export const messageableQuerySchema = z.object({ search: z.string().optional().default('') });
export const activeStatusQuerySchema = z.object({ conversation_id: id.optional() });
