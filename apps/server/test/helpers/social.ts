import sharp from 'sharp';
import type { TestServer } from './harness.js';
import { bearer, type TestAccount } from './factories.js';

/** A multipart body with the given text fields and files. */
export function multipartBody(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename: string; type: string }> = {},
): { body: Buffer; type: string } {
  const boundary = `----palchat${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

export const pngOf = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

export interface UploadedMedia {
  id: string;
  url: string;
  description: string | null;
  meta: { focus?: { x: number; y: number } };
}

/** `who` uploads an 8×8 PNG through POST /api/v2/media, with optional text fields (description, focus). */
export async function uploadPng(
  server: TestServer,
  who: TestAccount,
  fields: Record<string, string> = {},
): Promise<UploadedMedia> {
  const { body, type } = multipartBody(fields, {
    file: { data: await pngOf(8, 8), filename: 'a.png', type: 'image/png' },
  });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v2/media',
    headers: { ...bearer(who), 'content-type': type },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<UploadedMedia>();
}

/** An authenticated JSON call through inject(). */
export function caller(server: TestServer) {
  return async (
    who: TestAccount | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who) : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    const json: unknown = response.body ? response.json() : null;
    const body = (json && typeof json === 'object' && !Array.isArray(json) ? json : {}) as Record<
      string,
      unknown
    >;
    return { status: response.statusCode, json, body, id: String(body.id ?? ''), raw: response };
  };
}

export async function countOf(
  server: TestServer,
  table:
    | 'statuses'
    | 'notifications'
    | 'polls'
    | 'status_media'
    | 'favourites'
    | 'reports'
    | 'filters'
    | 'blocks'
    | 'mutes'
    | 'accounts'
    | 'oauth_apps'
    | 'oauth_tokens'
    | 'media_attachments',
): Promise<number> {
  const row = await server.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
