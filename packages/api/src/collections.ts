import { z } from './zod.js';

/** Mastodon 4.6: the most accounts a Collection of this server holds (pending and accepted items). */
export const COLLECTION_MAX_ITEMS = 25;
/** Mastodon 4.6: the most Collections one person may curate (Mastodon's default role `collection_limit`). */
export const COLLECTIONS_PER_ACCOUNT = 10;
export const COLLECTION_NAME_MAX = 40;
export const COLLECTION_DESCRIPTION_MAX = 100;

export const collectionItemStateSchema = z.enum(['pending', 'accepted', 'rejected', 'revoked']);
export type CollectionItemState = z.infer<typeof collectionItemStateSchema>;

/** Mastodon's CollectionItem entity: one featured account of a Collection. */
export const collectionItemSchema = z.object({
  id: z.string(),
  account_id: z.string().nullable(),
  state: collectionItemStateSchema,
  created_at: z.string(),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

/** Mastodon's Collection entity: a curated set of accounts a person recommends following. */
export const collectionSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  /** the ActivityPub id (a FeaturedCollection) */
  uri: z.string(),
  /** the web page */
  url: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  language: z.string().nullable(),
  local: z.boolean(),
  sensitive: z.boolean(),
  discoverable: z.boolean(),
  tag: z.object({ name: z.string(), url: z.string() }).nullable(),
  item_count: z.number().int(),
  items: z.array(collectionItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** POST, PATCH /api/v1/collections, GET /api/v1/accounts/:id/collections answers wrap their entities. */
export const wrappedCollectionSchema = z.object({ collection: collectionSchema });
export type WrappedCollection = z.infer<typeof wrappedCollectionSchema>;
export const collectionsSchema = z.object({ collections: z.array(collectionSchema) });
export type Collections = z.infer<typeof collectionsSchema>;
export const wrappedCollectionItemSchema = z.object({ collection_item: collectionItemSchema });
export type WrappedCollectionItem = z.infer<typeof wrappedCollectionItemSchema>;

/** What a person writes about a Collection (POST creates, PATCH changes some of it). */
export const collectionInputSchema = z.object({
  name: z.string().trim().min(1, "can't be blank").max(COLLECTION_NAME_MAX),
  description: z.string().max(COLLECTION_DESCRIPTION_MAX).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/, 'is not a valid language code')
    .nullable()
    .optional(),
  tag_name: z.string().nullable().optional(),
  sensitive: z.boolean().optional(),
  discoverable: z.boolean().optional(),
});
export type CollectionInput = z.infer<typeof collectionInputSchema>;

/** Mastodon 4.6's FeatureApproval: who may feature an account in a Collection, and what that means for the viewer. */
export const featureApprovalSchema = z.object({
  automatic: z.array(z.string()),
  manual: z.array(z.string()),
  current_user: z.enum(['automatic', 'manual', 'denied', 'unknown', 'missing']),
});
export type FeatureApproval = z.infer<typeof featureApprovalSchema>;
