import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import { isPostgres } from './index.js';
import * as foundation from './migrations/0001_foundation.js';
import * as social from './migrations/0002_social.js';
import * as messaging from './migrations/0003_messaging.js';
import * as socialWrites from './migrations/0004_social_writes.js';
import * as notificationPermissions from './migrations/0005_notification_permissions.js';
import * as mediaEdits from './migrations/0006_media_edits.js';
import * as apiEntities from './migrations/0007_api_entities.js';
import * as followRequestOptions from './migrations/0008_follow_request_options.js';
import * as mediaMeta from './migrations/0009_media_meta.js';
import * as idempotencyKeys from './migrations/0010_idempotency_keys.js';
import * as feeds from './migrations/0011_feeds.js';
import * as conversationActivity from './migrations/0012_conversation_activity.js';
import * as instanceCounts from './migrations/0013_instance_counts.js';
import * as listIndexes from './migrations/0014_list_indexes.js';
import * as remoteEntities from './migrations/0015_remote_entities.js';
import * as scheduledStatuses from './migrations/0016_scheduled_statuses.js';
import * as adminAndPush from './migrations/0017_admin_and_push.js';
import * as federation from './migrations/0018_federation.js';
import * as federationDelivery from './migrations/0019_federation_delivery.js';
import * as chatFederation from './migrations/0020_chat_federation.js';
import * as limitedAccountsPolicy from './migrations/0021_limited_accounts_policy.js';
import * as groupChatFederation from './migrations/0022_group_chat_federation.js';
import * as remoteMediaCache from './migrations/0023_remote_media_cache.js';
import * as accountMigrations from './migrations/0024_account_migrations.js';
import * as quotePosts from './migrations/0025_quote_posts.js';
import * as statusVersions from './migrations/0026_status_versions.js';
import * as accountVersions from './migrations/0027_account_versions.js';
import * as boostsByAccount from './migrations/0028_boosts_by_account.js';
import * as publicTimelineIndex from './migrations/0029_public_timeline_index.js';
import * as groupRemovals from './migrations/0030_group_removals.js';
import * as collections from './migrations/0031_collections.js';
import * as pushAccessTokens from './migrations/0032_push_access_tokens.js';
import * as annualReportsAndPublishers from './migrations/0033_annual_reports_and_publishers.js';
import * as e2ee from './migrations/0034_e2ee.js';
import * as federationQueueHost from './migrations/0037_federation_queue_host.js';

/** Every migration, in order. New ones are appended here so that bundling needs no file-system scan. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_social': social,
  '0003_messaging': messaging,
  '0004_social_writes': socialWrites,
  '0005_notification_permissions': notificationPermissions,
  '0006_media_edits': mediaEdits,
  '0007_api_entities': apiEntities,
  '0008_follow_request_options': followRequestOptions,
  '0009_media_meta': mediaMeta,
  '0010_idempotency_keys': idempotencyKeys,
  '0011_feeds': feeds,
  '0012_conversation_activity': conversationActivity,
  '0013_instance_counts': instanceCounts,
  '0014_list_indexes': listIndexes,
  '0015_remote_entities': remoteEntities,
  '0016_scheduled_statuses': scheduledStatuses,
  '0017_admin_and_push': adminAndPush,
  '0018_federation': federation,
  '0019_federation_delivery': federationDelivery,
  '0020_chat_federation': chatFederation,
  '0021_limited_accounts_policy': limitedAccountsPolicy,
  '0022_group_chat_federation': groupChatFederation,
  '0023_remote_media_cache': remoteMediaCache,
  '0024_account_migrations': accountMigrations,
  '0025_quote_posts': quotePosts,
  '0026_status_versions': statusVersions,
  '0027_account_versions': accountVersions,
  '0028_boosts_by_account': boostsByAccount,
  '0029_public_timeline_index': publicTimelineIndex,
  '0030_group_removals': groupRemovals,
  '0031_collections': collections,
  '0032_push_access_tokens': pushAccessTokens,
  '0033_annual_reports_and_publishers': annualReportsAndPublishers,
  '0034_e2ee': e2ee,
  '0037_federation_queue_host': federationQueueHost,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = await migratorFor(db);
  checkResult(await migrator.migrateToLatest());
}

/** Up to and including the migration named `target` (tests of a migration on data written before it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateTo(db: Kysely<any>, target: string): Promise<void> {
  if (!(target in migrations)) throw new Error(`No migration ${target}`);
  const migrator = await migratorFor(db);
  checkResult(await migrator.migrateTo(target));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: pin it to the current
  // schema so that databases holding several schemas (tests run one each) do not see each other's.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

function checkResult({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
