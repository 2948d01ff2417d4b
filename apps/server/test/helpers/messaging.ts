import type { TestServer } from './harness.js';
import { bearer, createAccount, mutualFollow, type TestAccount } from './factories.js';

export interface ApiResponse {
  status: number;
  // Test code reads arbitrary response fields.
  body: Record<string, unknown> & { [key: string]: unknown };
  json: unknown;
  /** the Link header of a paginated list */
  link: string | undefined;
}

/** One authenticated JSON call through inject(). */
export async function call(
  server: TestServer,
  who: TestAccount | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<ApiResponse> {
  const response = await server.app.inject({
    method,
    url,
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const json: unknown = response.body ? JSON.parse(response.body) : null;
  return {
    status: response.statusCode,
    body: (json && typeof json === 'object' && !Array.isArray(json) ? json : {}) as ApiResponse['body'],
    json,
    link: typeof response.headers.link === 'string' ? response.headers.link : undefined,
  };
}

export interface Cast {
  alice: TestAccount;
  bob: TestAccount;
  carol: TestAccount;
  dave: TestAccount;
}

/** alice, bob and carol are all pals (mutual follows); dave follows nobody. */
export async function createCast(server: TestServer): Promise<Cast> {
  const alice = await createAccount(server, { username: 'alice', display_name: 'Alice' });
  const bob = await createAccount(server, { username: 'bob', display_name: 'Bob' });
  const carol = await createAccount(server, { username: 'carol', display_name: 'Carol' });
  const dave = await createAccount(server, { username: 'dave', display_name: 'Dave' });
  await mutualFollow(server, alice, bob);
  await mutualFollow(server, alice, carol);
  await mutualFollow(server, bob, carol);
  return { alice, bob, carol, dave };
}

const MESSAGING_TABLES = [
  'conversations',
  'conversation_participants',
  'messages',
  'message_reactions',
  'message_deletions',
  'messaging_preferences',
  'media_attachments',
  'reports',
  'blocks',
  'follows',
] as const;

/** Every row of the messaging tables, in a stable order, for before/after comparisons. */
export async function snapshotMessaging(server: TestServer): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of MESSAGING_TABLES) {
    const rows = await server.db.selectFrom(table).selectAll().execute();
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
