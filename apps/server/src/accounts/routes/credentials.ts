import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount, type AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { readMultipartForm, registerMultipart, type MultipartForm } from '../../http/multipart.js';
import { withUploadSlot } from '../../http/upload-slots.js';
import { profileImageRule, removeProfileImage, storeProfileImage } from '../profile-images.js';
import { profileLinkVerifierFor } from '../link-verification.js';
import { parseUpdateCredentials } from '../schema.js';
import { serializeCredentialAccount } from '../serializer.js';
import { updateCredentials } from '../service.js';
import { scopes } from '../../auth/route-scopes.js';

const imageRules = { avatar: profileImageRule('avatar'), header: profileImageRule('header') };

/** PATCH /api/v1/accounts/update_credentials (JSON, form fields, or multipart with avatar and header), and removing either image. */
export async function registerCredentialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const verifier = profileLinkVerifierFor(ctx);
  app.addHook('onClose', () => verifier.close());
  await app.register(async (scope) => {
    await registerMultipart(scope, { files: 2, fields: 40 });
    scope.patch('/api/v1/accounts/update_credentials', scopes('write:accounts'), async (request) => {
      const account = requireAccount(request);
      if (!request.isMultipart())
        return update(request, account, (request.body ?? {}) as Record<string, unknown>);
      return withUploadSlot(ctx, account.id, async () => {
        const form = await readMultipartForm(request, ctx.config.uploads.tmpDir, imageRules);
        try {
          return await update(request, account, form.fields, form.files);
        } finally {
          await form.discard();
        }
      });
    });
  });

  async function update(
    request: FastifyRequest,
    account: AccountRow,
    fields: Record<string, unknown>,
    images: MultipartForm['files'] = {},
  ) {
    // everything is validated before any file is written
    const patch = parseUpdateCredentials(fields);
    const stored: { avatar_path?: string; header_path?: string } = {};
    try {
      if (images.avatar)
        stored.avatar_path = await storeProfileImage(ctx, account.id, 'avatar', images.avatar);
      if (images.header)
        stored.header_path = await storeProfileImage(ctx, account.id, 'header', images.header);
    } catch (error) {
      await removeProfileImage(ctx, stored.avatar_path ?? null);
      throw error;
    }
    const updated = await updateCredentials(ctx, account, patch, stored);
    // link fields are checked for rel="me" in the background: the answer does not wait for other servers
    if (patch.fields_attributes !== undefined) void verifier.verify(updated, request.log);
    if (stored.avatar_path) await removeProfileImage(ctx, account.avatar_path);
    if (stored.header_path) await removeProfileImage(ctx, account.header_path);
    return serializeCredentialAccount(ctx, updated);
  }

  // DELETE /api/v1/profile/avatar and /header: back to the default image, answered with the CredentialAccount
  for (const kind of ['avatar', 'header'] as const) {
    app.delete(`/api/v1/profile/${kind}`, scopes('write:accounts'), async (request) => {
      const account = requireAccount(request);
      const column = kind === 'avatar' ? 'avatar_path' : 'header_path';
      const updated = await updateCredentials(ctx, account, {}, { [column]: null });
      await removeProfileImage(ctx, account[column]);
      return serializeCredentialAccount(ctx, updated);
    });
  }
}
