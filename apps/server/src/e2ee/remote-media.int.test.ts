import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountRow, createAccount, type TestAccount } from '../../test/helpers/factories.js';
import { federationConfig } from '../../test/helpers/federation.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { call } from '../../test/helpers/messaging.js';
import { newId } from '../lib/ids.js';

const CIPHERTEXT = Buffer.from([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4]);

describeEachDialect('encrypted files on another member’s server', (dialect) => {
  let server: TestServer;
  let peer: http.Server;
  let peerHost: string;
  let ann: TestAccount;
  let sharing: string;

  /** A chat of `ann` with an account of `domain`, encrypted or plain. */
  async function chatWith(domain: string, encrypted: boolean): Promise<void> {
    const remote = accountRow(`zed${newId()}`, { domain });
    await server.db.insertInto('accounts').values(remote).execute();
    const now = new Date().toISOString();
    const conversationId = newId();
    await server.db
      .insertInto('conversations')
      .values({
        id: conversationId,
        name: null,
        is_group: 0,
        creator_id: ann.account.id,
        admin_id: null,
        direct_key: null,
        created_at: now,
        updated_at: now,
        encrypted: encrypted ? 1 : 0,
        mls_group_id: encrypted ? 'Z3JvdXA=' : null,
      })
      .execute();
    for (const accountId of [ann.account.id, remote.id])
      await server.db
        .insertInto('conversation_participants')
        .values({
          conversation_id: conversationId,
          account_id: accountId,
          joined_at: now,
          unread_count: 0,
          last_read_message_id: null,
          receipt_message_id: null,
          cleared_message_id: null,
          hidden: 0,
          typing_indicator_enabled: null,
          read_receipts_enabled: null,
          activity_id: conversationId,
        })
        .execute();
  }

  beforeAll(async () => {
    peer = http.createServer((request, response) => {
      response.writeHead(request.url === '/files/sealed' ? 200 : 404, { 'content-type': 'image/png' });
      response.end(request.url === '/files/sealed' ? CIPHERTEXT : '');
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerHost = `127.0.0.1:${(peer.address() as AddressInfo).port}`;
    server = await createTestServer(dialect, {
      federation: federationConfig({ allowHttp: true, allowPrivateAddresses: true }),
    });
    ann = await createAccount(server, { username: 'ann', display_name: 'Ann' });
    await chatWith(peerHost, true);
    await chatWith('plain.example', false);
    sharing = `http://${peerHost}/files/sealed`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => peer.close(resolve));
  });

  const relay = (url: string, who: TestAccount | null = ann) =>
    call(server, who, 'GET', `/api/v1/e2ee/media/remote?url=${encodeURIComponent(url)}`);

  it('reads a file from the server of someone in one of my encrypted chats, as opaque bytes', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/e2ee/media/remote?url=${encodeURIComponent(sharing)}`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.rawPayload.equals(CIPHERTEXT)).toBe(true);
  });

  it('is no open proxy: other servers, plain chats, bad URLs and strangers are refused', async () => {
    expect((await relay('http://plain.example/files/sealed')).status).toBe(404);
    expect((await relay('http://elsewhere.example/x')).status).toBe(404);
    expect((await relay('ftp://127.0.0.1/x')).status).toBe(422);
    expect((await relay('not a url')).status).toBe(422);
    expect((await relay(sharing, null)).status).toBe(401);
    const bob = await createAccount(server, { username: 'bob', display_name: 'Bob' });
    expect((await relay(sharing, bob)).status).toBe(404);
    expect((await relay(`http://${peerHost}/files/missing`)).status).toBe(404);
  });
});
