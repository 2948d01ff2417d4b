/** What the parametrised routes of SPEC §2 point at: an account, one of its posts, a list. */
export interface RouteData {
  username: string;
  accountId: string;
  statusId: string;
  listId: string;
}

/** The hashtag and link the route lists' /tags/ and /links/ routes show (a seeded post should carry both). */
export const ROUTE_TAG = 'palchat';
export const ROUTE_LINK = 'https://example.com/article';

/** Every route of SPEC §2, each with a short name, the parametrised ones pointing at `data`. */
export function specRoutes({ username, accountId, statusId, listId }: RouteData): [string, string][] {
  return [
    ['home', '/home'],
    ['notifications', '/notifications'],
    ['notification-requests', '/notifications/requests'],
    ['local', '/public/local'],
    ['remote', '/public/remote'],
    ['federated', '/public'],
    ['conversations', '/conversations'],
    ['tag', `/tags/${ROUTE_TAG}`],
    ['link', `/links/${encodeURIComponent(ROUTE_LINK)}`],
    ['lists', '/lists'],
    ['list', `/lists/${listId}`],
    ['list-edit', `/lists/${listId}/edit`],
    ['list-members', `/lists/${listId}/members`],
    ['favourites', '/favourites'],
    ['bookmarks', '/bookmarks'],
    ['pinned', '/pinned'],
    ['explore', '/explore'],
    ['directory', '/directory'],
    ['search', `/search?q=${ROUTE_TAG}`],
    ['publish', '/publish'],
    ['profile', `/@${username}`],
    ['profile-replies', `/@${username}/with_replies`],
    ['profile-media', `/@${username}/media`],
    ['profile-featured', `/@${username}/featured`],
    ['profile-followers', `/@${username}/followers`],
    ['profile-following', `/@${username}/following`],
    ['profile-tagged', `/@${username}/tagged/${ROUTE_TAG}`],
    ['users-followers', `/users/${username}/followers`],
    ['accounts-id', `/accounts/${accountId}`],
    ['thread', `/@${username}/${statusId}`],
    ['reblogs', `/@${username}/${statusId}/reblogs`],
    ['favourited-by', `/statuses/${statusId}/favourites`],
    ['follow-requests', '/follow_requests'],
    ['blocks', '/blocks'],
    ['domain-blocks', '/domain_blocks'],
    ['followed-tags', '/followed_tags'],
    ['mutes', '/mutes'],
    ['filters', '/filters'],
    ['preferences', '/settings/preferences'],
    ['getting-started', '/getting-started'],
    ['keyboard-shortcuts', '/keyboard-shortcuts'],
    ['about', '/about'],
    ['privacy-policy', '/privacy-policy'],
    ['terms', '/terms-of-service'],
    ['start', '/start'],
    ['start-profile', '/start/profile'],
    ['start-follows', '/start/follows'],
  ];
}
