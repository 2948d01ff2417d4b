// What other features may use of the lists: the membership calls and the query keys.
export { listMembers } from './api';
export { listKeys } from './query-keys';
