import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, mutualFollow, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { call, createCast, type Cast } from './helpers/messaging.js';
import {
  createNote,
  EncryptedChatClient,
  HttpTransport,
  like,
  MemoryStore,
  type StoredMessage,
} from '@palchat/e2ee';

/**
 * The privacy test: a whole encrypted conversation through the real HTTP API with real MLS clients
 * (`@palchat/e2ee`), then every table's every column, every file of the media folder and the server's whole log
 * are searched for every plaintext and every plaintext media byte sequence sent: none may be there. The same
 * search finds what a plain chat and a plain upload leave, so it can fail.
 */

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 12)}`;

/** Every form a leak could take: the text itself, its UTF-8 bytes as hex, and its base64. */
function formsOf(text: string): string[] {
  const bytes = Buffer.from(text, 'utf8');
  return [text, bytes.toString('hex'), bytes.toString('base64').replace(/=+$/, '')];
}

describeEachDialect('encrypted chats keep plaintext off the server', (dialect) => {
  let server: TestServer;
  let url: string;
  let cast: Cast;
  let erin: TestAccount;
  const log: string[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      dialect,
      {},
      { logger: { level: 'trace', stream: { write: (line) => void log.push(line) } } },
    );
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    cast = await createCast(server);
    erin = await createAccount(server, { username: 'erin', display_name: 'Erin' });
    await mutualFollow(server, cast.alice, erin);
  });
  afterAll(async () => server.close());

  /** The device of one person: the web client's library over HTTP, its media URLs read from this server. */
  async function clientOf(who: TestAccount): Promise<EncryptedChatClient> {
    const client = new EncryptedChatClient({
      store: new MemoryStore(),
      transport: new HttpTransport({
        // the server's own address (its media URLs' origin), reached at the port it listens on
        baseUrl: server.config.publicUrl,
        auth: { bearerToken: who.token },
        fetch: (input: string | URL | Request, init?: RequestInit) =>
          fetch(
            (input instanceof Request ? input.url : String(input)).replace(server.config.publicUrl, url),
            init,
          ),
      }),
      accountId: who.account.id,
      actorUri: `${server.config.publicUrl}/users/${who.account.username}`,
    });
    await client.ensureDevice(`${who.account.username}'s browser`);
    return client;
  }

  const texts = (messages: StoredMessage[]) =>
    messages.flatMap((message) => (message.note ? [message.note.text] : []));

  /** Every row of every table, each value as text (binary values as latin1, hex and base64). */
  async function databaseText(): Promise<string> {
    const tables =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(server.db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(server.db);
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(server.db);
      for (const row of rows.rows)
        for (const value of Object.values(row)) {
          if (value instanceof Uint8Array) {
            const bytes = Buffer.from(value);
            parts.push(bytes.toString('latin1'), bytes.toString('hex'), bytes.toString('base64'));
          } else if (value !== null && value !== undefined) parts.push(String(value));
        }
    }
    return parts.join('\n');
  }

  /** Every file under the media folder, byte for byte. */
  function mediaFiles(): Buffer[] {
    const root = server.config.mediaDir;
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .map((entry) => path.join(root, entry))
      .filter((file) => fs.statSync(file).isFile())
      .map((file) => fs.readFileSync(file));
  }

  function leaks(plaintexts: string[], mediaBytes: Buffer[]) {
    const database = databaseText();
    return database.then((db) => {
      const files = mediaFiles();
      const logText = log.join('');
      const found: string[] = [];
      for (const text of plaintexts)
        for (const form of formsOf(text)) {
          if (db.includes(form)) found.push(`database: ${text}`);
          if (logText.includes(form)) found.push(`log: ${text}`);
          if (files.some((file) => file.includes(Buffer.from(form)))) found.push(`media: ${text}`);
        }
      for (const bytes of mediaBytes) {
        if (files.some((file) => file.includes(bytes))) found.push('media: plaintext file bytes');
        if (db.includes(bytes.toString('latin1')) || db.includes(bytes.toString('base64')))
          found.push('database: plaintext file bytes');
      }
      return found;
    });
  }

  it('stores, logs and serves only ciphertext for text, replies, media, reactions, an added and a removed member', async () => {
    const [alice, bob, carol] = await Promise.all([
      clientOf(cast.alice),
      clientOf(cast.bob),
      clientOf(cast.carol),
    ]);
    const sent = {
      hello: unique('hello-from-alice'),
      reply: unique('a-reply-from-bob'),
      caption: unique('photo-caption'),
      welcome: unique('welcome-erin'),
      after: unique('after-carol-left'),
      emoji: '🦄',
    };
    // an image's bytes: a recognisable run that must never appear on the server
    const photo = Buffer.concat([Buffer.from(unique('PLAINTEXT-PHOTO-BYTES')), Buffer.alloc(2048, 0x5a)]);

    const { id } = await alice.createConversation(
      [cast.bob.account.id, cast.carol.account.id],
      'Secret pals',
    );
    await Promise.all([bob.start(), carol.start()]);
    const hello = await alice.send(id, createNote(sent.hello));
    await bob.sync(id);
    await bob.send(id, createNote(sent.reply, { inReplyTo: hello?.note?.id ?? '' }));
    const attachment = await alice.uploadAttachment(photo, 'image/png', { width: 4, height: 4 }, id);
    await alice.send(id, createNote(sent.caption, { attachments: [attachment] }));
    await carol.sync(id);
    await carol.send(id, like(hello?.note?.id ?? '', sent.emoji));

    const erinClient = await clientOf(erin);
    expect(await alice.addMembers(id, [erin.account.id])).toBe('ordered');
    await alice.send(id, createNote(sent.welcome));
    await erinClient.start();
    expect(await alice.removeMembers(id, [cast.carol.account.id])).toBe('ordered');
    await alice.send(id, createNote(sent.after));
    await Promise.all([alice.sync(id), bob.sync(id), erinClient.sync(id)]);
    // carol is out: the server no longer serves her this chat
    await expect(carol.sync(id)).rejects.toMatchObject({ status: 403 });

    // the conversation really happened: each device read what it may
    expect(texts(await bob.history(id))).toEqual([
      sent.hello,
      sent.reply,
      sent.caption,
      sent.welcome,
      sent.after,
    ]);
    expect(texts(await erinClient.history(id))).toEqual([sent.welcome, sent.after]);
    expect(texts(await carol.history(id))).not.toContain(sent.after);
    const liked = (await bob.history(id)).find((message) => message.note?.text === sent.hello);
    expect(liked?.reactions.map((reaction) => reaction.emoji)).toContain(sent.emoji);
    const received = (await bob.history(id)).find((message) => message.note?.text === sent.caption);
    const opened = await bob.openAttachment(received?.note?.attachments[0] ?? attachment);
    expect(Buffer.from(opened).equals(photo)).toBe(true);

    // nothing of it on the server
    expect(await leaks(Object.values(sent), [photo])).toEqual([]);
    expect(log.length).toBeGreaterThan(20);
    expect(mediaFiles().length).toBeGreaterThan(0);

    // the same search finds a plain chat's message, a file stored as sent, and what a request logs
    const plain = {
      text: unique('plain-chat-text'),
      file: Buffer.from(unique('PLAIN-FILE-BYTES')),
      query: unique('logged-query'),
    };
    expect(
      (
        await call(server, cast.alice, 'POST', '/api/v1/friend_messages', {
          recipient_id: cast.bob.account.id,
          content: plain.text,
        })
      ).status,
    ).toBe(201);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/e2ee/media',
      headers: { authorization: `Bearer ${cast.alice.token}`, 'content-type': 'application/octet-stream' },
      payload: plain.file,
    });
    await fetch(`${url}/api/v1/friend_messages/search?q=${plain.query}`, {
      headers: { authorization: `Bearer ${cast.alice.token}` },
    });
    expect(await leaks([plain.text], [])).toEqual([`database: ${plain.text}`]);
    expect(await leaks([], [plain.file])).toEqual(['media: plaintext file bytes']);
    expect(await leaks([plain.query], [])).toEqual([`log: ${plain.query}`]);
  });
});
