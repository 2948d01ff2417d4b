// What other features may use of the relationship views: the typed calls and the query keys of their lists.
export { domainBlocks, followRequests } from './api';
export { relationshipKeys } from './query-keys';
