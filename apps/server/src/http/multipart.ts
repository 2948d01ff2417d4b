import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest } from './errors.js';
import { nestFormParams } from './form-params.js';
import { discardUpload, saveUpload, type TempUpload } from './temp-upload.js';

/**
 * The multipart/form-data parser for the routes of `scope`. Bodies are read with `readMultipartForm`, which
 * sets the file size limits; `files` and `fields` bound how many parts a body may have.
 */
export async function registerMultipart(
  scope: FastifyInstance,
  limits: { files: number; fields: number; fieldSize?: number },
): Promise<void> {
  // each file's own limit is enforced while it is saved (readMultipartForm), not by the parser
  await scope.register(multipart, { limits: { ...limits, fileSize: Number.MAX_SAFE_INTEGER } });
}

/**
 * A failure while parsing the body: the parser's own errors carry their status (413 for too many parts, 400
 * for a body cut short); anything else it throws (a missing boundary, a part that never ends) is a body that
 * is not multipart/form-data.
 */
function bodyError(error: unknown): Error {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status < 500
    ? (error as Error)
    : badRequest('http.malformed_multipart');
}

export interface FileFieldRule {
  /** the largest file accepted for this field, by its first bytes (it may throw to refuse a file at once) */
  limitOf: (head: Buffer) => number;
  /** the error for a file over its limit */
  tooLarge: () => Error;
}

export interface MultipartForm {
  /** the text fields, nested Rails-style as form posts are (`a[][k]`, `a[0][k]`; a name sent twice: a list) */
  fields: Record<string, unknown>;
  /** the first non-empty file of each field asked for, in a temporary file */
  files: Partial<Record<string, TempUpload>>;
  /** removes the temporary files; call it once the files are handled, whatever happened */
  discard(): Promise<void>;
}

/**
 * Reads a multipart/form-data body: text fields, and the files of `fileFields` streamed to temporary files
 * under `tmpDir` within their limits (other files are skipped unread). A body that is not well-formed
 * multipart, or has no part at all, is a 400; nothing is left on disk when this throws.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  tmpDir: string,
  fileFields: Record<string, FileFieldRule> = {},
): Promise<MultipartForm> {
  const fields: [string, string][] = [];
  const files: Partial<Record<string, TempUpload>> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map(discardUpload));
  };
  let partCount = 0;
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      let next: Awaited<ReturnType<typeof parts.next>>;
      try {
        next = await parts.next();
      } catch (error) {
        throw bodyError(error);
      }
      if (next.done) break;
      partCount += 1;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.push([part.fieldname, part.value]);
        continue;
      }
      const rule = Object.hasOwn(fileFields, part.fieldname) ? fileFields[part.fieldname] : undefined;
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      const saved = await saveUpload(part.file, { dir: tmpDir, ...rule, unreadable: bodyError });
      // an empty file part is what a form sends for a file input left empty
      if (saved.size === 0) await discardUpload(saved);
      else files[part.fieldname] = saved;
    }
  } catch (error) {
    await discard();
    throw error;
  }
  // RFC 2046: a multipart body has at least one part
  if (partCount === 0) throw badRequest('http.malformed_multipart');
  return { fields: nestFormParams(fields), files, discard };
}
