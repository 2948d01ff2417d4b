import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';
import { countOf, uploadPng } from './helpers/social.js';

type Method = 'POST' | 'PUT' | 'PATCH';

/** Bodies that are not multipart/form-data, whatever their Content-Type says. */
const MALFORMED: { name: string; type: string; body: string }[] = [
  { name: 'garbage', type: 'multipart/form-data; boundary=xyz', body: 'garbage--' },
  {
    name: 'truncated',
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="client_name"\r\n\r\nhalf a val',
  },
  {
    name: 'truncated file',
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  },
  { name: 'missing boundary', type: 'multipart/form-data', body: '--xyz\r\n\r\nvalue\r\n--xyz--\r\n' },
  { name: 'boundary but no parts', type: 'multipart/form-data; boundary=xyz', body: '--xyz--\r\n' },
];

describeEachDialect('malformed multipart bodies', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let mediaId: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    mediaId = (await uploadPng(server, alice)).id;
  });
  afterAll(async () => server.close());

  const send = (method: Method, url: string, type: string, body: string) =>
    server.app.inject({
      method,
      url,
      headers: { ...bearer(alice), 'content-type': type },
      payload: Buffer.from(body, 'latin1'),
    });

  const tables = ['oauth_apps', 'oauth_tokens', 'accounts', 'media_attachments'] as const;
  const counts = () => Promise.all(tables.map((table) => countOf(server, table)));

  it('answers 400 with a JSON error on every multipart route, and changes nothing', async () => {
    // the last ones take no file at all: a file part is over their limit (413) before it is seen to be cut
    const withFiles: [Method, string][] = [
      ['PATCH', '/api/v1/accounts/update_credentials'],
      ['POST', '/api/v1/media'],
      ['POST', '/api/v2/media'],
      ['PUT', `/api/v1/media/${mediaId}`],
    ];
    const withoutFiles: [Method, string][] = [
      ['POST', '/api/v1/apps'],
      ['POST', '/api/v1/accounts'],
      ['POST', '/oauth/authorize'],
      ['POST', '/oauth/token'],
      ['POST', '/oauth/revoke'],
    ];
    const before = await counts();
    const displayName = (
      await server.db
        .selectFrom('accounts')
        .select('display_name')
        .where('id', '=', alice.account.id)
        .executeTakeFirstOrThrow()
    ).display_name;
    for (const [method, url] of [...withFiles, ...withoutFiles]) {
      const takesFiles = withFiles.some((route) => route[1] === url);
      for (const malformed of MALFORMED) {
        const response = await send(method, url, malformed.type, malformed.body);
        const answer = { route: `${method} ${url}`, body: malformed.name, status: response.statusCode };
        const status = malformed.name === 'truncated file' && !takesFiles ? 413 : 400;
        expect(answer).toEqual({ ...answer, status });
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: expect.any(String) });
      }
    }
    expect(await counts()).toEqual(before);
    expect(
      (
        await server.db
          .selectFrom('accounts')
          .select('display_name')
          .where('id', '=', alice.account.id)
          .executeTakeFirstOrThrow()
      ).display_name,
    ).toBe(displayName);
  });

  it('never answers 500 on any write route of the API', async () => {
    const writes = server.app.routeScopes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(writes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, mediaId).replace('*', 'x');
      for (const malformed of MALFORMED) {
        const response = await send(route.method as Method, url, malformed.type, malformed.body);
        const json = String(response.headers['content-type']).startsWith('application/json');
        if (response.statusCode >= 500 || !json)
          failures.push(`${route.method} ${url} (${malformed.name}): ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
