import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { changeMembership } from '../../e2ee/index.js';
import { membershipCommitSchema } from '../../e2ee/schema.js';
import { leaveGroup, renameGroup, transferOwnership } from '../groups.js';
import {
  idParamsSchema,
  participantIdsBodySchema,
  renameBodySchema,
  transferOwnershipBodySchema,
} from '../schema.js';

const BASE = '/api/v1/friend_messages/conversations/:id';

const membershipBodySchema = participantIdsBodySchema.extend({ mls: membershipCommitSchema.optional() });

export function registerGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put(BASE, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { name } = renameBodySchema.parse(request.body ?? {});
    return renameGroup(ctx, viewer, id, name);
  });

  app.post(`${BASE}/leave_group`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return leaveGroup(ctx, viewer, id);
  });

  app.post(`${BASE}/transfer_ownership`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { new_owner_id } = transferOwnershipBodySchema.parse(request.body ?? {});
    return transferOwnership(ctx, viewer, id, new_owner_id);
  });

  // in an encrypted chat, with the MLS commit that makes the change (`mls`, e2ee/conversations.ts)
  app.post(`${BASE}/add_participants`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { participant_ids, mls } = membershipBodySchema.parse(request.body ?? {});
    return changeMembership(ctx, viewer, id, 'add', participant_ids, mls);
  });

  app.post(`${BASE}/remove_participants`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { participant_ids, mls } = membershipBodySchema.parse(request.body ?? {});
    return changeMembership(ctx, viewer, id, 'remove', participant_ids, mls);
  });
}
