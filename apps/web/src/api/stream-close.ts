/**
 * The close code of a streaming socket whose credentials were revoked (token revoked, signed out, account
 * disabled; the server's streaming/revocations.ts): reconnecting with the same token would be refused.
 */
export const STREAM_CLOSE_CREDENTIALS_REVOKED = 4001;
