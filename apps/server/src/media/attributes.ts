import type { MediaAttachmentsTable } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import { MEDIA_DESCRIPTION_LIMIT } from '../instance/limits.js';
import { message } from '../i18n/format.js';

export interface Focus {
  x: number;
  y: number;
}

/** What a client asks to change on an attachment: absent fields stay as they are, null or '' clears. */
export interface MediaAttributesInput {
  description?: string | null | undefined;
  focus?: string | null | undefined;
}

export type MediaColumns = Partial<Pick<MediaAttachmentsTable, 'description' | 'focus_x' | 'focus_y'>>;

const badFocus = () => unprocessable('media.focus', 'media_focus');

/** Mastodon's focus parameter: "x,y", each from -1.0 (left, bottom) to 1.0 (right, top). */
export function parseFocus(text: string): Focus {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(part))) throw badFocus();
  const [x = NaN, y = NaN] = parts.map(Number);
  if (Math.abs(x) > 1 || Math.abs(y) > 1) throw badFocus();
  return { x, y };
}

/** Validates a change (422 on a description over the limit or a malformed focus) into the columns it writes. */
export function mediaColumns(input: MediaAttributesInput): MediaColumns {
  const columns: MediaColumns = {};
  if (input.description !== undefined) {
    const description = input.description ?? '';
    if ([...description].length > MEDIA_DESCRIPTION_LIMIT) {
      throw unprocessable(
        message('media.description_too_long', { max: MEDIA_DESCRIPTION_LIMIT }),
        'media_description',
      );
    }
    columns.description = description.trim() ? description : null;
  }
  if (input.focus !== undefined) {
    const focus = input.focus ? parseFocus(input.focus) : null;
    columns.focus_x = focus?.x ?? null;
    columns.focus_y = focus?.y ?? null;
  }
  return columns;
}
