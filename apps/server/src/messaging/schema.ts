import { z } from 'zod';
import { pageQuerySchema } from '../timelines/pagination.js';

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

/** The conversation list: pages of 20 (at most 40), newest activity first, by max_id / since_id / min_id. */
export const conversationListQuerySchema = pageQuerySchema(20, 40);

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
