import type { Generated } from 'kysely';

/**
 * Column conventions, the same in every dialect: ids are fixed-width decimal strings (lib/ids.ts), times are
 * ISO-8601 strings, booleans are 0/1 integers, structured values are JSON text.
 */
export type Bool = 0 | 1;

export interface AccountsTable {
  id: string;
  username: string;
  /** lower-cased username: unique per domain, so that "Alice" and "alice" cannot both exist */
  username_lower: string;
  display_name: string;
  /** plain text for a local account; sanitized HTML for a remote one (as its fields' values) */
  note: string;
  avatar_path: string | null;
  header_path: string | null;
  bot: Bool;
  locked: Bool;
  discoverable: Bool;
  /** JSON: [{ name, value, verified_at }] */
  fields_json: string;
  role: 'user' | 'moderator' | 'admin';
  disabled: Bool;
  /** pending approval when registrations need approval */
  approved: Bool;
  moved_to_account_id: string | null;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  last_active_at: string | null;
  created_at: string;
  updated_at: string;
  /** 0013: null for a local account; the remote server's domain (the acct's host) otherwise */
  domain?: string | null;
  /** 0013: the ActivityPub actor id; null for local accounts (computed from PUBLIC_URL) */
  uri?: string | null;
  /** 0013: the profile page; null for local accounts (computed) */
  url?: string | null;
  inbox_url?: string | null;
  shared_inbox_url?: string | null;
  outbox_url?: string | null;
  followers_url?: string | null;
  following_url?: string | null;
  featured_url?: string | null;
  actor_type?: ActorType | null;
  /** 0013: JSON array of actor ids (alsoKnownAs), null when none */
  also_known_as_json?: string | null;
  /** 0013: a remote account's avatar and header on its server (the copies cached here are avatar_path, header_path) */
  avatar_remote_url?: string | null;
  header_remote_url?: string | null;
  /** 0013: when a remote actor was last fetched or updated */
  fetched_at?: string | null;
  /** 0023: a remote account: when the download of its avatar and header was last asked for */
  images_cache_requested_at?: string | null;
  /** 0017: a moderator limited the account: its posts leave public timelines and trends */
  silenced_at?: string | null;
  /** 0017: a moderator suspended the account: it cannot sign in and its posts leave every public view */
  suspended_at?: string | null;
  /** 0017: a moderator forced the media of its new posts to be marked sensitive */
  sensitized_at?: string | null;
  /** 0020: a remote actor whose inbox answered 410 Gone: nothing is delivered to it anymore */
  gone_at?: string | null;
  /** 0027: changes with every update of the row (a trigger bumps it) */
  version?: number;
}

export type ActorType = 'Person' | 'Service' | 'Application' | 'Group' | 'Organization';

export interface UsersTable {
  account_id: string;
  email: string;
  email_lower: string;
  password_hash: string;
  locale: string;
  /** JSON of the web client settings: layout, columns, introduction version seen */
  settings_json: string;
  sign_up_reason: string;
  created_at: string;
  current_sign_in_at: string | null;
  /** 0033: the OAuth app whose token signed the account up (POST /api/v1/accounts); null for the web page */
  created_by_app_id?: string | null;
}

export interface SessionsTable {
  /** sha256 of the secret kept in the session cookie */
  id: string;
  account_id: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_used_at: string;
}

export interface OAuthAppsTable {
  id: string;
  name: string;
  website: string | null;
  redirect_uris: string;
  scopes: string;
  client_id: string;
  client_secret: string;
  created_at: string;
}

export interface OAuthTokensTable {
  id: string;
  /** sha256 of the bearer token */
  token_hash: string;
  app_id: string | null;
  /** null for client_credentials app tokens */
  account_id: string | null;
  /** the web session this token belongs to; deleted with it */
  session_id: string | null;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface OAuthGrantsTable {
  /** sha256 of the authorization code */
  code_hash: string;
  app_id: string;
  account_id: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
  expires_at: string;
  used: Bool;
}

export interface FollowsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  show_reblogs: Bool;
  notify: Bool;
  created_at: string;
}

export interface FollowRequestsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  created_at: string;
  /** 0008: the follow's options once authorized */
  show_reblogs: Bool;
  notify: Bool;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  oauth_apps: OAuthAppsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_grants: OAuthGrantsTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  server_settings: ServerSettingsTable;
}

// ---- 0002_social: statuses, the social graph beyond follows, lists, notifications, markers ----

export type VisibilityValue = 'public' | 'unlisted' | 'private' | 'direct';

export interface StatusesTable {
  id: string;
  account_id: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog_of_id: string | null;
  /** thread key: private mentions are grouped into Mastodon conversations by it */
  conversation_id: string | null;
  /** plain text, served as HTML; for a remote status, the plain text of its HTML (search, filters) */
  text: string;
  spoiler_text: string;
  visibility: VisibilityValue;
  sensitive: Bool;
  language: string | null;
  local: Bool;
  link_url: string | null;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  /** 0013: the ActivityPub object id; null for local statuses (computed from PUBLIC_URL) */
  uri?: string | null;
  /** 0013: the remote status's page; null for local statuses (computed) */
  url?: string | null;
  /** 0013: a remote status's sanitized HTML; null for local ones (rendered from `text`) */
  content_html?: string | null;
  /** 0013: the parent's uri while the parent is not known here (fetched later) */
  in_reply_to_uri?: string | null;
  /** 0025: who may quote it (public, followers, nobody); null: nobody for a local status, unknown for a remote one */
  quote_policy?: QuotePolicyValue | null;
  /** 0025: its accepted quotes */
  quotes_count?: number;
  /** 0026: changes with every update of the row (a trigger bumps it) */
  version?: number;
}

export type QuotePolicyValue = 'public' | 'followers' | 'nobody';
export type QuoteStateValue = 'pending' | 'accepted' | 'rejected' | 'revoked';

/** 0025: a quoting status and the authorization of its quote */
export interface QuotesTable {
  id: string;
  status_id: string;
  account_id: string;
  quoted_status_id: string | null;
  quoted_account_id: string | null;
  quoted_uri: string | null;
  state: QuoteStateValue;
  request_uri: string | null;
  approval_uri: string | null;
  created_at: string;
  updated_at: string;
}

export interface StatusMentionsTable {
  status_id: string;
  account_id: string;
}

export interface StatusPinsTable {
  account_id: string;
  status_id: string;
  created_at: string;
}

export interface StatusMediaTable {
  status_id: string;
  media_id: string;
  position: number;
}

export interface TagsTable {
  id: string;
  name: string;
  name_lower: string;
  created_at: string;
}

export interface StatusTagsTable {
  status_id: string;
  tag_id: string;
}

export interface StatusActionTable {
  id: string;
  account_id: string;
  status_id: string;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  /** the recipient */
  account_id: string;
  from_account_id: string;
  type: string;
  status_id: string | null;
  filtered: Bool;
  read: Bool;
  created_at: string;
  /** 0007: the report an admin.report notification is about */
  report_id?: string | null;
  /** 0031: the collection an added_to_collection notification is about */
  collection_id?: string | null;
}

export interface ListsTable {
  id: string;
  account_id: string;
  title: string;
  replies_policy: 'followed' | 'list' | 'none';
  exclusive: Bool;
  created_at: string;
}

export interface ListAccountsTable {
  list_id: string;
  account_id: string;
  created_at: string;
}

export interface FollowedTagsTable {
  id: string;
  account_id: string;
  tag_id: string;
  created_at: string;
}

export interface BlocksTable {
  id: string;
  account_id: string;
  target_account_id: string;
  created_at: string;
}

export interface MutesTable {
  id: string;
  account_id: string;
  target_account_id: string;
  hide_notifications: Bool;
  expires_at: string | null;
  created_at: string;
}

export interface DomainBlocksTable {
  id: string;
  account_id: string;
  domain: string;
  created_at: string;
}

export interface MarkersTable {
  account_id: string;
  timeline: 'home' | 'notifications';
  last_read_id: string;
  version: number;
  updated_at: string;
}

export interface ConversationReadsTable {
  account_id: string;
  conversation_id: string;
  last_read_status_id: string;
  hidden: Bool;
}

export interface PostingDefaultsTable {
  account_id: string;
  privacy: string;
  sensitive: Bool;
  language: string | null;
  /** 0025: the default quote policy of new posts */
  quote_policy?: string;
}

// Declaration merging keeps these entries apart from the foundation block above.
export interface Database {
  statuses: StatusesTable;
  status_mentions: StatusMentionsTable;
  status_pins: StatusPinsTable;
  status_media: StatusMediaTable;
  tags: TagsTable;
  status_tags: StatusTagsTable;
  favourites: StatusActionTable;
  bookmarks: StatusActionTable;
  notifications: NotificationsTable;
  lists: ListsTable;
  list_accounts: ListAccountsTable;
  followed_tags: FollowedTagsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  domain_blocks: DomainBlocksTable;
  markers: MarkersTable;
  conversation_reads: ConversationReadsTable;
  posting_defaults: PostingDefaultsTable;
  quotes: QuotesTable;
}

// ---- 0003_messaging: friend messaging, uploaded media, reports ----

export interface ConversationsTable {
  id: string;
  name: string | null;
  is_group: Bool;
  creator_id: string | null;
  /** the group owner: rename, manage participants, transfer, dissolve */
  admin_id: string | null;
  /** "<smaller id>:<larger id>" for direct chats, null for groups */
  direct_key: string | null;
  created_at: string;
  updated_at: string;
  /** 0022: a group homed on another server: its Group actor and that actor's inbox (null for ours) */
  group_uri?: string | null;
  group_inbox_url?: string | null;
  /** 0034: an end-to-end encrypted chat (MLS): its messages are e2ee_envelopes, never messages' content */
  encrypted?: Bool;
  /** 0034: the MLS group id (base64), null for a plain chat */
  mls_group_id?: string | null;
  /** 0034: the group's current epoch: a commit at this epoch moves it on (compare-and-set) */
  mls_epoch?: number;
  /** 0034: the seq of the chat's newest envelope */
  mls_seq?: number;
  /** 0034: the home server's ordered collection of an encrypted chat homed elsewhere (null: homed here) */
  mls_home_uri?: string | null;
  /** 0034: the newest encrypted message that is not a signal (the envelope's id), its sender and time */
  mls_last_message_id?: string | null;
  mls_last_sender_id?: string | null;
  mls_last_message_at?: string | null;
}

export interface ConversationParticipantsTable {
  conversation_id: string;
  account_id: string;
  joined_at: string;
  unread_count: number;
  last_read_message_id: string | null;
  receipt_message_id: string | null;
  cleared_message_id: string | null;
  hidden: Bool;
  /** per-conversation overrides; null inherits the global preference */
  typing_indicator_enabled: Bool | null;
  read_receipts_enabled: Bool | null;
  /** the id of the conversation's newest message (its own id before the first): the list's order and cursor */
  activity_id: string;
}

/** 0030: a person the admin removed from a group (deleted when they are added again) */
export interface GroupRemovalsTable {
  conversation_id: string;
  account_id: string;
  removed_at: string;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_system_message: Bool;
  reply_to_message_id: string | null;
  created_at: string;
  /** 0020: the ActivityPub id of a message from another server; null for a local one (computed) */
  uri?: string | null;
}

export interface MessageReactionsTable {
  id: string;
  message_id: string;
  account_id: string;
  emoji: string;
  created_at: string;
}

export interface MessageDeletionsTable {
  message_id: string;
  account_id: string;
  created_at: string;
}

export interface MessagingPreferencesTable {
  account_id: string;
  typing_indicator_enabled: Bool;
  read_receipts_enabled: Bool;
  active_status_enabled: Bool;
  updated_at: string;
}

export interface MediaAttachmentsTable {
  id: string;
  account_id: string;
  /** 'unknown': a remote attachment from a server whose media the admin rejects, shown as a link (0023) */
  type: 'image' | 'video' | 'audio' | 'unknown';
  /** relative to the media folder; null for remote media not cached (yet) */
  file_path: string | null;
  thumbnail_path: string | null;
  content_type: string;
  file_size: number;
  width: number | null;
  height: number | null;
  blurhash: string | null;
  description: string | null;
  /** Mastodon's focal point, each from -1 to 1 (0006) */
  focus_x: number | null;
  focus_y: number | null;
  status_id: string | null;
  message_id: string | null;
  created_at: string;
  /** 0009: seconds of a video, an audio file or one loop of an animated image, when known */
  duration: number | null;
  /** 0009: the preview's size (meta.small), when known */
  preview_width: number | null;
  preview_height: number | null;
  /** 0013: where remote media lives on its server */
  remote_url?: string | null;
  /** 0016: reserved for this scheduled status until it is published */
  scheduled_status_id?: string | null;
  /** 0023: remote media: when a download into the media store was last asked for (null: never, or pruned) */
  remote_cache_requested_at?: string | null;
}

export interface ReportsTable {
  id: string;
  account_id: string;
  target_account_id: string | null;
  conversation_id: string | null;
  /** JSON array of message ids */
  message_ids: string;
  category: string;
  comment: string;
  forwarded: Bool;
  action_taken_at: string | null;
  created_at: string;
  /** 0004: JSON array of reported status ids */
  status_ids: Generated<string>;
  /** 0004: the moderator who resolved the report */
  action_taken_by_account_id: Generated<string | null>;
  /** 0004 */
  updated_at: Generated<string | null>;
  /** 0007: JSON array of cited instance rule ids */
  rule_ids: Generated<string>;
  /** 0012: the moderator handling the report */
  assigned_account_id: Generated<string | null>;
  /** 0034: JSON [{ message_id, sender_id, content, created_at }]: plaintext an encrypted chat's reporter revealed */
  revealed_messages: Generated<string | null>;
}

export interface Database {
  conversations: ConversationsTable;
  conversation_participants: ConversationParticipantsTable;
  group_removals: GroupRemovalsTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  message_deletions: MessageDeletionsTable;
  messaging_preferences: MessagingPreferencesTable;
  media_attachments: MediaAttachmentsTable;
  reports: ReportsTable;
}

// ---- 0004_social_writes: posting, polls, cards, filters, featured tags, policies, instance documents ----

export interface StatusEditsTable {
  id: string;
  status_id: string;
  text: string;
  spoiler_text: string;
  sensitive: Bool;
  /** JSON array of media ids */
  media_ids: string;
  /** JSON array of option titles, or null */
  poll_options: string | null;
  /** JSON array of the media descriptions at the time, in media_ids order; null before 0006 */
  media_descriptions: string | null;
  created_at: string;
  /** 0013: a remote status's sanitized HTML at the time; null for local ones (rendered from `text`) */
  content_html?: string | null;
}

export interface PollsTable {
  id: string;
  status_id: string;
  account_id: string;
  /** JSON array of option titles */
  options: string;
  multiple: Bool;
  hide_totals: Bool;
  expires_at: string;
  ended_notified: Bool;
  created_at: string;
  /** 0013: a remote poll's vote counts per option, as its server reports them; null for local polls */
  remote_tallies_json?: string | null;
  /** 0013: a remote poll's voter count, when its server tells it */
  remote_voters_count?: number | null;
}

export interface PollVotesTable {
  id: string;
  poll_id: string;
  account_id: string;
  choice: number;
  created_at: string;
}

export interface PreviewCardsTable {
  url: string;
  /** empty when the page could not be read: no card is shown */
  title: string;
  description: string;
  image: string | null;
  provider_name: string;
  fetched_at: string;
  /** 0007: the image's size and blurhash (0, 0 and null without an image) */
  width: Generated<number>;
  height: Generated<number>;
  blurhash: Generated<string | null>;
  /** 0007: og:image:alt */
  image_description: Generated<string>;
  /** 0007: the page's author meta tag */
  author_name: Generated<string>;
}

export interface ConversationMutesTable {
  account_id: string;
  conversation_id: string;
  created_at: string;
}

export type FilterContextValue = 'home' | 'notifications' | 'public' | 'thread' | 'account';

export interface FiltersTable {
  id: string;
  account_id: string;
  title: string;
  /** JSON array of FilterContextValue */
  context: string;
  action: 'warn' | 'hide';
  expires_at: string | null;
  created_at: string;
}

export interface FilterKeywordsTable {
  id: string;
  filter_id: string;
  keyword: string;
  whole_word: Bool;
}

export interface FeaturedTagsTable {
  id: string;
  account_id: string;
  tag_id: string;
  created_at: string;
}

export interface EndorsementsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  created_at: string;
}

export type PolicyValue = 'accept' | 'filter' | 'drop';

export interface NotificationPoliciesTable {
  account_id: string;
  for_not_following: PolicyValue;
  for_not_followers: PolicyValue;
  for_new_accounts: PolicyValue;
  for_private_mentions: PolicyValue;
  /** notifications from accounts limited by a moderator (or on a limited server) that one does not follow */
  for_limited_accounts: PolicyValue;
  updated_at: string;
}

export interface InstanceRulesTable {
  id: string;
  text: string;
  hint: string;
  position: number;
  created_at: string;
}

export type InstanceDocumentKind = 'extended_description' | 'privacy_policy' | 'terms_of_service';

export interface InstanceDocumentsTable {
  id: string;
  kind: InstanceDocumentKind;
  /** YYYY-MM-DD for terms of service, '' for the other kinds */
  effective_date: string;
  text: string;
  updated_at: string;
}

export interface Database {
  status_edits: StatusEditsTable;
  polls: PollsTable;
  poll_votes: PollVotesTable;
  preview_cards: PreviewCardsTable;
  conversation_mutes: ConversationMutesTable;
  filters: FiltersTable;
  filter_keywords: FilterKeywordsTable;
  featured_tags: FeaturedTagsTable;
  endorsements: EndorsementsTable;
  notification_policies: NotificationPoliciesTable;
  instance_rules: InstanceRulesTable;
  instance_documents: InstanceDocumentsTable;
}

/** Senders whose notification request the recipient accepted: later notifications skip the policy. */
export interface NotificationPermissionsTable {
  id: string;
  account_id: string;
  from_account_id: string;
  created_at: string;
}

export interface Database {
  notification_permissions: NotificationPermissionsTable;
}

// ---- 0007_api_entities: account notes, dismissed suggestions, filtered statuses ----

export interface AccountNotesTable {
  account_id: string;
  target_account_id: string;
  comment: string;
  updated_at: string;
}

export interface SuggestionDismissalsTable {
  account_id: string;
  target_account_id: string;
  created_at: string;
}

export interface FilterStatusesTable {
  id: string;
  filter_id: string;
  status_id: string;
  created_at: string;
}

export interface Database {
  account_notes: AccountNotesTable;
  filter_statuses: FilterStatusesTable;
  suggestion_dismissals: SuggestionDismissalsTable;
}

// ---- 0010_idempotency_keys ----

/** What an Idempotency-Key made; see db/idempotency.ts. */
export type IdempotentKind = 'status' | 'message' | 'scheduled_status';

export interface IdempotencyKeysTable {
  account_id: string;
  kind: IdempotentKind;
  key: string;
  resource_id: string;
  created_at: string;
}

export interface Database {
  idempotency_keys: IdempotencyKeysTable;
}

// ---- 0011_feeds: home and list timelines materialized at write time ----

export type FeedKind = 'home' | 'list';

export interface FeedsTable {
  kind: FeedKind;
  /** the account (home) or the list (list) */
  owner_id: string;
  /** the feed holds every status of its timeline above this id; below it, the timeline is read from statuses */
  floor_id: string | null;
  /** entries since the last trim (an estimate that decides when to trim) */
  entries: number;
  created_at: string;
}

export interface FeedEntriesTable {
  kind: FeedKind;
  owner_id: string;
  status_id: string;
}

export interface Database {
  feeds: FeedsTable;
  feed_entries: FeedEntriesTable;
}

// ---- 0013_instance_counts: the instance's figures as last counted ----

export interface InstanceCountsTable {
  /** one row, "instance" */
  name: string;
  /** bigint columns: PostgreSQL answers them as strings */
  users: number | string;
  statuses: number | string;
  active_month: number | string;
  active_halfyear: number | string;
  /** other servers this one knows accounts of */
  domains: number | string;
  /** epoch milliseconds */
  counted_at: number | string;
}

export interface Database {
  instance_counts: InstanceCountsTable;
}

// ---- 0016_scheduled_statuses ----

export interface ScheduledStatusesTable {
  id: string;
  account_id: string;
  scheduled_at: string;
  /** the status as posted (ScheduledStatusParams), JSON */
  params: string;
  /** when a sweep took it to publish; null while it waits */
  claimed_at: string | null;
  created_at: string;
}

export interface Database {
  scheduled_statuses: ScheduledStatusesTable;
}

// ---- 0017_admin_and_push: server-wide blocks, allowed domains and Web Push subscriptions ----

export type DomainBlockSeverity = 'noop' | 'silence' | 'suspend';

/** Mastodon's admin DomainBlock: what federation does with a remote server's accounts and content. */
export interface InstanceDomainBlocksTable {
  id: string;
  domain: string;
  severity: DomainBlockSeverity;
  reject_media: Bool;
  reject_reports: Bool;
  private_comment: string | null;
  public_comment: string | null;
  /** show the domain partly hidden in the public list of blocked servers */
  obfuscate: Bool;
  created_at: string;
  updated_at: string;
}

export interface InstanceDomainAllowsTable {
  id: string;
  domain: string;
  created_at: string;
}

export interface EmailDomainBlocksTable {
  id: string;
  domain: string;
  /** sign-ups from the domain wait for approval instead of being refused */
  allow_with_approval: Bool;
  created_at: string;
}

export interface CanonicalEmailBlocksTable {
  id: string;
  /** sha256 hex of the canonical address (see moderation/email-blocks.ts) */
  canonical_email_hash: string;
  created_at: string;
}

export type IpBlockSeverity = 'sign_up_requires_approval' | 'sign_up_block' | 'no_access';

export interface IpBlocksTable {
  id: string;
  /** an address or a CIDR range */
  ip: string;
  severity: IpBlockSeverity;
  comment: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  /** one subscription per access token, as in Mastodon */
  token_id: string;
  account_id: string;
  endpoint: string;
  key_p256dh: string;
  key_auth: string;
  /** JSON: { [notification type]: boolean } */
  alerts: string;
  policy: 'all' | 'followed' | 'follower' | 'none';
  /** RFC 8291 aes128gcm (true) or the legacy aesgcm draft */
  standard: Bool;
  created_at: string;
  updated_at: string;
  /** 0032: the subscription's access token, AES-256-GCM sealed (push/sealed-token.ts); null before 0032 */
  sealed_access_token: string | null;
}

export interface Database {
  instance_domain_blocks: InstanceDomainBlocksTable;
  instance_domain_allows: InstanceDomainAllowsTable;
  email_domain_blocks: EmailDomainBlocksTable;
  canonical_email_blocks: CanonicalEmailBlocksTable;
  ip_blocks: IpBlocksTable;
  push_subscriptions: PushSubscriptionsTable;
}

// ---- 0018_federation: Fedify's key–value store and queue, actors' key pairs ----

export interface FederationKvTable {
  /** the Fedify key (an array of strings) as JSON */
  key: string;
  /** JSON */
  value: string;
  expires_at: string | null;
}

export interface FederationQueueTable {
  /** lib/ids order: creation order */
  id: string;
  /** the Fedify message as JSON */
  payload: string;
  ordering_key: string | null;
  /** not handed out before this time */
  run_at: string;
  /** how often a consumer took it */
  attempts: Generated<number>;
  /** a consumer holds it until then (renewed while it works); free when null or past */
  locked_until: string | null;
  locked_by: string | null;
  created_at: string;
  /** 0037: a delivery's remote host (its inbox's), null for other messages */
  host: string | null;
}

export interface AccountKeysTable {
  /** a local account's id, or `instance` for the instance actor */
  account_id: string;
  rsa_public_jwk: string;
  rsa_private_jwk: string;
  ed25519_public_jwk: string;
  ed25519_private_jwk: string;
  created_at: string;
}

export interface Database {
  federation_kv: FederationKvTable;
  federation_queue: FederationQueueTable;
  account_keys: AccountKeysTable;
}

/** 0020: a server whose deliveries keep failing (host of its inboxes), since its delivery circuit opened */
export interface UnavailableDomainsTable {
  domain: string;
  failing_since: string;
}

export interface Database {
  unavailable_domains: UnavailableDomainsTable;
}

/** 0024: a local account's move to another account (Mastodon's AccountMigration): the cool-down counts from it */
export interface AccountMigrationsTable {
  id: string;
  account_id: string;
  target_account_id: string;
  /** the target as the user gave it (user@domain) */
  acct: string;
  created_at: string;
}

export interface Database {
  account_migrations: AccountMigrationsTable;
}

// ---- 0031_collections: Mastodon 4.6 Collections ----

export interface CollectionsTable {
  id: string;
  /** the curator */
  account_id: string;
  name: string;
  description: string;
  language: string | null;
  tag_id: string | null;
  sensitive: Bool;
  discoverable: Bool;
  created_at: string;
  updated_at: string;
}

export type CollectionItemState = 'pending' | 'accepted' | 'rejected' | 'revoked';

export interface CollectionItemsTable {
  id: string;
  collection_id: string;
  /** the featured account */
  account_id: string;
  state: CollectionItemState;
  created_at: string;
}

export interface Database {
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
}

/** 0033: a generated annual report (Mastodon's GeneratedAnnualReport), kept as it was generated */
export interface AnnualReportsTable {
  account_id: string;
  year: number;
  schema_version: number;
  /** JSON: the report's `data` */
  data: string;
  /** when the user marked it read; unread reports are the ones GET /api/v1/annual_reports lists */
  viewed_at: string | null;
  created_at: string;
}

/** 0033: a moderator's decision on a link publisher (Mastodon's PreviewCardProvider); none: not reviewed */
export interface LinkPublishersTable {
  /** the host of the links' URLs (the publisher's id in the admin API, as Palchat keeps no other) */
  domain: string;
  /** rejected (0): its links are left out of the trending links */
  trendable: Bool;
  reviewed_at: string;
}

export interface Database {
  annual_reports: AnnualReportsTable;
  link_publishers: LinkPublishersTable;
}

// ---- 0034_e2ee: end-to-end encrypted chats (MLS Delivery Service and directory) ----

/** one browser's MLS client: only its public signature key is known here */
export interface E2eeDevicesTable {
  id: string;
  account_id: string;
  name: string;
  /** base64 of the raw public key */
  signature_public_key: string;
  /** SHA-256 of the raw key, lowercase hex in groups of 4 */
  fingerprint: string;
  created_at: string;
  last_active_at: string;
  /** removed by its owner: gone from every list, its calls answer 410 */
  revoked_at: string | null;
}

/** a KeyPackage of a local device, or (device_id null, remote_uri set) a cached one of a remote actor */
export interface E2eeKeyPackagesTable {
  id: string;
  account_id: string;
  device_id: string | null;
  /** base64 MLSMessage(KeyPackage) */
  key_package: string;
  /** KeyPackageRef, hex */
  ref: string;
  /** hex of the leaf's signature key */
  signature_key: string;
  remote_uri: string | null;
  created_at: string;
  claimed_at: string | null;
  claimed_by: string | null;
}

export type E2eeEnvelopeKind = 'commit' | 'proposal' | 'application' | 'welcome';

/** one opaque MLS message of an encrypted chat, in the chat's order (seq) */
export interface E2eeEnvelopesTable {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  /** null when a remote member's server sent it */
  sender_device_id: string | null;
  kind: E2eeEnvelopeKind;
  epoch: number;
  /** base64 MLSMessage */
  message: string;
  /** an application message that must not count as unread (receipts, reactions, deletes) */
  signal: Bool;
  /** a Welcome: the device it adds */
  target_device_id: string | null;
  created_at: string;
  /** the federated object's id when it came from another server */
  remote_id: string | null;
}

/** how far one device of a participant has read an encrypted chat, and from where it may read */
export interface E2eeCursorsTable {
  device_id: string;
  conversation_id: string;
  account_id: string;
  /** the seq of the envelope that made it a member (its Welcome, or the creating commit) */
  joined_seq: number;
  acked_seq: number;
}

/** an encrypted file (already encrypted by the browser), stored as is */
export interface E2eeMediaTable {
  id: string;
  account_id: string;
  conversation_id: string | null;
  path: string;
  size: number;
  created_at: string;
}

export type E2eeRemovalReason = 'left' | 'removed' | 'device_revoked';

/** a leaf some member's client must remove by a commit */
export interface E2eePendingRemovalsTable {
  conversation_id: string;
  device_id: string;
  account_id: string;
  reason: E2eeRemovalReason;
  created_at: string;
}

export interface Database {
  e2ee_devices: E2eeDevicesTable;
  e2ee_key_packages: E2eeKeyPackagesTable;
  e2ee_envelopes: E2eeEnvelopesTable;
  e2ee_cursors: E2eeCursorsTable;
  e2ee_media: E2eeMediaTable;
  e2ee_pending_removals: E2eePendingRemovalsTable;
}
