import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { nestFormParams } from '../http/form-params.js';
import {
  PROFILE_IMAGE_MAX_BYTES,
  removeProfileImage,
  storeProfileImage,
  type ProfileImageKind,
} from './profile-images.js';
import { profileLinkVerifierFor } from './link-verification.js';
import { parseUpdateCredentials } from './schema.js';
import { serializeCredentialAccount } from './serializer.js';
import { updateCredentials } from './service.js';
import { scopes } from '../auth/route-scopes.js';

interface CredentialsForm {
  fields: Record<string, unknown>;
  images: Partial<Record<ProfileImageKind, Buffer>>;
}

/** A multipart form's text fields and its avatar/header files; other bodies pass through as fields. */
async function readForm(request: FastifyRequest): Promise<CredentialsForm> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, images: {} };
  const fields: [string, unknown][] = [];
  const images: CredentialsForm['images'] = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if ((part.fieldname === 'avatar' || part.fieldname === 'header') && !images[part.fieldname]) {
          const data = await part.toBuffer();
          if (data.length) images[part.fieldname] = data;
        } else {
          part.file.resume();
        }
      } else {
        fields.push([part.fieldname, part.value]);
      }
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'The image is too large');
    }
    throw error;
  }
  return { fields: nestFormParams(fields), images };
}

/** PATCH /api/v1/accounts/update_credentials (JSON, form fields, or multipart with avatar and header), and removing either image. */
export async function credentialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const verifier = profileLinkVerifierFor(ctx);
  app.addHook('onClose', () => verifier.close());
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 2, fields: 40 } });
    scope.patch('/api/v1/accounts/update_credentials', scopes('write:accounts'), async (request) => {
      const account = requireAccount(request);
      const { fields, images } = await readForm(request);
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
      const updated = await updateCredentials(ctx.db, account, patch, stored);
      // link fields are checked for rel="me" in the background: the answer does not wait for other servers
      if (patch.fields_attributes !== undefined) void verifier.verify(updated, request.log);
      if (stored.avatar_path) await removeProfileImage(ctx, account.avatar_path);
      if (stored.header_path) await removeProfileImage(ctx, account.header_path);
      return serializeCredentialAccount(ctx, updated);
    });
  });

  // DELETE /api/v1/profile/avatar and /header: back to the default image, answered with the CredentialAccount
  for (const kind of ['avatar', 'header'] as const) {
    app.delete(`/api/v1/profile/${kind}`, scopes('write:accounts'), async (request) => {
      const account = requireAccount(request);
      const column = kind === 'avatar' ? 'avatar_path' : 'header_path';
      const updated = await updateCredentials(ctx.db, account, {}, { [column]: null });
      await removeProfileImage(ctx, account[column]);
      return serializeCredentialAccount(ctx, updated);
    });
  }
}
