// What other features may use of the status views' data: their query keys (a reply changes its thread).
export { statusKeys } from './query-keys';
export { QuotedPost } from './QuotedStatus';
export { focusCompose, startMention } from './reply';
export { removeCachedStatus, replaceCachedStatus } from './status-cache';
