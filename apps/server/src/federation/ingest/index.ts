/** What the inbox listeners call with the vocab objects they receive. */
export { upsertRemoteAccount, type AccountIngestOptions } from './accounts.js';
export { RemoteObjectError, type IngestOptions } from './options.js';
export {
  deleteRemoteStatus,
  ingestRemoteStatus,
  type RemoteStatusObject,
  type StatusIngestOptions,
} from './statuses.js';
