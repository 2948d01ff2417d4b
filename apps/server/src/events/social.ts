import type { AccountRow } from '../auth/viewer.js';
import type {
  CollectionsTable,
  NotificationsTable,
  PollsTable,
  PollVotesTable,
  QuotesTable,
  StatusesTable,
} from '../db/schema.js';

/**
 * What the social domains (relationships, profiles, polls, favourites, boosts, quotes, collections, reports) tell
 * the rest of the server once a write has committed. The accounts are those of the write, local or remote: a
 * command run for a remote actor (an inbound activity) emits the same event, and federation sends nothing back
 * for what a remote actor did.
 */

/** `follower` follows `target` at once (an open account, or a moved account's follower carried over). */
export interface Followed {
  type: 'Followed';
  follower: AccountRow;
  target: AccountRow;
  followId: string;
  /** the target's `follow` notification */
  notification: NotificationsTable | null;
}

/** `follower` asks to follow `target` (a locked account, or any remote one: its server answers). */
export interface FollowRequested {
  type: 'FollowRequested';
  follower: AccountRow;
  target: AccountRow;
  requestId: string;
  /** the target's `follow_request` notification (none for a remote target) */
  notification: NotificationsTable | null;
}

/** `target` accepted the follow request of `follower`: it became a follow with the request's id. */
export interface FollowAccepted {
  type: 'FollowAccepted';
  follower: AccountRow;
  target: AccountRow;
  followId: string;
}

/** `target` turned down the follow request (or removed the follow) of `follower`. */
export interface FollowRejected {
  type: 'FollowRejected';
  follower: AccountRow;
  target: AccountRow;
}

/** The follow of `target` by `follower` ended, or its request was withdrawn. */
export interface Unfollowed {
  type: 'Unfollowed';
  follower: AccountRow;
  target: AccountRow;
  /** the follow's (or request's) id */
  followId: string;
}

export interface Blocked {
  type: 'Blocked';
  blocker: AccountRow;
  target: AccountRow;
  blockId: string;
  /** the blocker's follow (or request) of the target that the block ended */
  endedFollowId: string | null;
}

export interface Unblocked {
  type: 'Unblocked';
  blocker: AccountRow;
  target: AccountRow;
  blockId: string;
}

/** An account's profile (its actor) changed: names, fields, lock, aliases, the account it moved to. */
export interface ProfileUpdated {
  type: 'ProfileUpdated';
  account: AccountRow;
}

/** `account` moved to `target` (its followers follow `target` from now on). */
export interface AccountMoved {
  type: 'AccountMoved';
  account: AccountRow;
  target: AccountRow;
  migrationId: string;
}

export interface PollVoted {
  type: 'PollVoted';
  voter: AccountRow;
  poll: PollsTable;
  votes: readonly PollVotesTable[];
}

export interface StatusFavourited {
  type: 'StatusFavourited';
  account: AccountRow;
  status: StatusesTable;
  favouriteId: string;
  /** the author's `favourite` notification */
  notification: NotificationsTable | null;
}

export interface StatusUnfavourited {
  type: 'StatusUnfavourited';
  account: AccountRow;
  status: StatusesTable;
  favouriteId: string;
}

/** A boost was stored (a local one, or a remote Announce) with its counters. */
export interface StatusReblogged {
  type: 'StatusReblogged';
  booster: AccountRow;
  boost: StatusesTable;
  original: StatusesTable;
  /** the original author's `reblog` notification, when the write recorded one */
  notification: NotificationsTable | null;
}

/** A local account's boost was undone (it left the feeds with its notification, in the same write). */
export interface StatusUnreblogged {
  type: 'StatusUnreblogged';
  booster: AccountRow;
  boost: StatusesTable;
  original: StatusesTable;
}

/** The quoted post's author withdrew the approval of a quote of it. */
export interface QuoteRevoked {
  type: 'QuoteRevoked';
  quotedAuthor: AccountRow;
  quote: QuotesTable;
  quoting: StatusesTable;
  /** the approval being withdrawn, as other servers know it */
  approvalUri: string;
}

/** A status's quote policy changed (its content did not). */
export interface QuotePolicyChanged {
  type: 'QuotePolicyChanged';
  author: AccountRow;
  status: StatusesTable;
}

export type CollectionChange = 'created' | 'updated' | 'deleted';

/** A collection was created, changed (its fields or items) or deleted. */
export interface CollectionChanged {
  type: 'CollectionChanged';
  curator: AccountRow;
  collection: CollectionsTable;
  change: CollectionChange;
  /** the notifications of the accounts it added */
  notifications: readonly (NotificationsTable | null)[];
}

/** A local user asked that their report of a remote account go to that account's server too. */
export interface ReportForwarded {
  type: 'ReportForwarded';
  report: { id: string; comment: string; status_ids: readonly string[] };
  target: AccountRow;
}

/** A report (by a local account, or a remote server's Flag) was filed for the moderators. */
export interface ReportFiled {
  type: 'ReportFiled';
  report: { id: string; account_id: string; target_account_id: string };
  /** the `admin.report` notifications of the staff */
  notifications: readonly NotificationsTable[];
}

export type SocialEvent =
  | Followed
  | FollowRequested
  | FollowAccepted
  | FollowRejected
  | Unfollowed
  | Blocked
  | Unblocked
  | ProfileUpdated
  | AccountMoved
  | PollVoted
  | StatusFavourited
  | StatusUnfavourited
  | StatusReblogged
  | StatusUnreblogged
  | QuoteRevoked
  | QuotePolicyChanged
  | CollectionChanged
  | ReportForwarded
  | ReportFiled;
