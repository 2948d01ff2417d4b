// What other features may use of the status views: the query keys (a reply changes its thread), the quoted post, replying and mentioning.
export { statusKeys } from './query-keys';
export { QuotedPost } from './QuotedStatus';
export { focusCompose, startMention } from './reply';
