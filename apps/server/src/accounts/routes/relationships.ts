import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { unprocessable } from '../../http/errors.js';
import { scopes } from '../../auth/route-scopes.js';
import { unfollowAccount } from '../follows.js';
import { findAccountOr404 } from '../lookup.js';
import { loadRelationship } from '../../relationships/serializer.js';
import { deleteAccountNote, saveAccountNote } from '../store.js';

const idParams = z.object({ id: z.string() });
/** Mastodon's AccountNote::COMMENT_SIZE_LIMIT */
const NOTE_MAX = 2000;
const noteBody = z.object({ comment: z.string().max(NOTE_MAX).nullish() });

/** The viewer's own side of a relationship: a private note on an account, and dropping a follower. */
export async function registerRelationshipRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/accounts/:id/note', scopes('write:accounts'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const target = await findAccountOr404(ctx.db, id);
    if (target.id === viewer.id) throw unprocessable('accounts.self_note', 'self_note');
    const comment = (noteBody.parse(request.body ?? {}).comment ?? '').trim();
    if (comment) {
      await saveAccountNote(ctx.db, viewer.id, target.id, comment);
    } else {
      await deleteAccountNote(ctx.db, viewer.id, target.id);
    }
    return loadRelationship(ctx.db, viewer.id, target.id);
  });

  /** Ends the target's follow of the viewer (no one else's), as if the target had unfollowed. */
  app.post(
    '/api/v1/accounts/:id/remove_from_followers',
    scopes('follow', 'write:follows'),
    async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      const target = await findAccountOr404(ctx.db, id);
      await unfollowAccount(ctx, target, viewer);
      return loadRelationship(ctx.db, viewer.id, target.id);
    },
  );
}
