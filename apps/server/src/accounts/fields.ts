import { z } from 'zod';
import { accountFieldSchema, type AccountField } from '@palchat/api';

const storedFieldsSchema = z.array(
  accountFieldSchema.extend({ verified_at: z.string().nullable().default(null) }),
);

/** accounts.fields_json as plain-text fields; a damaged value reads as no fields rather than failing a page. */
export function parseFields(json: string): AccountField[] {
  try {
    const parsed = storedFieldsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
