import { z } from './zod.js';
import { accountSchema } from './accounts.js';
import { collectionSchema } from './collections.js';

/** GET /api/v1/collections/:id: the Collection, its curator first, then the featured accounts. */
export const collectionWithAccountsSchema = z.object({
  collection: collectionSchema,
  accounts: z.array(accountSchema),
});
export type CollectionWithAccounts = z.infer<typeof collectionWithAccountsSchema>;
