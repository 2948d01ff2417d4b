import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createNote, EncryptedChatClient, HttpTransport, MemoryStore } from '@palchat/e2ee';
import { describe, expect, it } from 'vitest';
import {
  federationSkipReason,
  federationState,
  servers,
  waitFor,
  type TestAccount,
} from './support/federation.js';
import { apiAs, befriend, pause } from './support/scenarios.js';

// Issue 33: an end-to-end encrypted group chat with members on both servers, ordered by its home server (alpha).
// A member of the other server is added later, and the other server is stopped and started again in between:
// every member decrypts every message sent while they were in the chat, and neither server keeps a readable copy
// of any of them (both servers' data folders, database and media, are searched byte for byte).

const { alpha, beta } = servers;

interface Member {
  account: TestAccount;
  client: EncryptedChatClient;
  store: MemoryStore;
}

async function member(account: TestAccount): Promise<Member> {
  const store = new MemoryStore();
  const client = new EncryptedChatClient({
    store,
    transport: new HttpTransport({ baseUrl: account.host.url, auth: { bearerToken: account.accessToken } }),
    accountId: account.account.id,
    actorUri: `${account.host.url}/users/${account.username}`,
  });
  await client.ensureDevice(`${account.username}'s test device`);
  return { account, client, store };
}

/** The conversation a member's device joined from a Welcome that came across (or was made here). */
async function joinedConversation(someone: Member): Promise<string> {
  return waitFor(`${someone.account.acct} to join the encrypted chat`, async () => {
    await someone.client.start();
    const [id] = await someone.store.listConversationIds();
    return id;
  });
}

/** Waits until `someone` decrypted every text of `texts` in `conversationId`. */
async function decrypts(someone: Member, conversationId: string, texts: readonly string[]): Promise<void> {
  await waitFor(
    `${someone.account.acct} to decrypt ${texts.join(', ')}`,
    async () => {
      await someone.client.sync(conversationId);
      const seen = (await someone.client.history(conversationId)).map((message) => message.note?.text);
      return texts.every((text) => seen.includes(text));
    },
    { timeoutMs: 90_000, intervalMs: 1_000 },
  );
}

/** Waits until `viewer`'s server can put `others` (as it knows them) in an encrypted chat. */
async function eligible(viewer: TestAccount, others: readonly { id: string }[]): Promise<void> {
  const query = others.map((other) => `account_ids[]=${other.id}`).join('&');
  await waitFor(`${viewer.host.name} to know the other server's people's key packages`, async () => {
    const answers = await apiAs<{ supported: boolean }[]>(viewer, 'GET', `/api/v1/e2ee/eligibility?${query}`);
    return answers.length === others.length && answers.every((answer) => answer.supported);
  });
}

async function activityJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { accept: 'application/activity+json' } });
  expect(response.status, url).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Every file under `folder` (the server's database, its journal, the media), read whole. */
function filesUnder(folder: string): { file: string; bytes: Buffer }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** The files of a test host's data folder that contain `text` (UTF-8), by name. */
function filesContaining(host: typeof alpha, text: string): string[] {
  const workDir = path.dirname(process.env.FEDERATION_STATE ?? '');
  const needle = Buffer.from(text, 'utf8');
  return filesUnder(path.join(workDir, host.name, 'data'))
    .filter(({ bytes }) => bytes.includes(needle))
    .map(({ file }) => file);
}

describe.skipIf(federationSkipReason !== null || !federationState)(
  federationSkipReason ? `federation e2ee chats (skipped: ${federationSkipReason})` : 'federation e2ee chats',
  () => {
    it('keeps an encrypted group across servers readable by its members only, through a restart', async () => {
      const run = Date.now().toString(36);
      const alice = await alpha.signUp('alice', 'Alice on Alpha');
      const carol = await alpha.signUp('carol', 'Carol on Alpha');
      const bob = await beta.signUp('bob', 'Bob on Beta');
      const erin = await beta.signUp('erin', 'Erin on Beta');
      // pals on the same server follow each other by id
      await alice.client.v1.accounts.$select(carol.account.id).follow();
      await carol.client.v1.accounts.$select(alice.account.id).follow();
      const carolOnAlpha = carol.account;
      const { secondOnFirst: bobOnAlpha } = await befriend(alice, bob);
      const { secondOnFirst: erinOnAlpha } = await befriend(alice, erin);

      // each person's browser: a device with its key packages (beta's reach alpha through their actors)
      const [aliceDevice, carolDevice, bobDevice, erinDevice] = await Promise.all([
        member(alice),
        member(carol),
        member(bob),
        member(erin),
      ]);
      await eligible(alice, [bobOnAlpha, erinOnAlpha]);

      const created = await aliceDevice.client.createConversation(
        [carolOnAlpha.id, bobOnAlpha.id],
        `Secret plans ${run}`,
      );
      const [carolChat, bobChat] = await Promise.all([
        joinedConversation(carolDevice),
        joinedConversation(bobDevice),
      ]);

      const texts = {
        first: `alice opens the secret ${run}`,
        answer: `bob answers from beta ${run}`,
        whileDown: `alice writes while beta sleeps ${run}`,
        afterAdd: `welcome erin ${run}`,
        fromErin: `erin says hello ${run}`,
      };
      await aliceDevice.client.send(created.id, createNote(texts.first));
      await decrypts(bobDevice, bobChat, [texts.first]);
      // bob's message goes to alpha to be ordered, and comes back to beta in alpha's order
      await bobDevice.client.send(bobChat, createNote(texts.answer));
      await decrypts(aliceDevice, created.id, [texts.first, texts.answer]);
      await decrypts(bobDevice, bobChat, [texts.answer]);

      // beta is down: alice writes, and adds erin of beta (her key packages were read before)
      await beta.stop();
      try {
        await aliceDevice.client.send(created.id, createNote(texts.whileDown));
        await pause(1_000);
      } finally {
        await beta.start();
      }
      const added = await aliceDevice.client.addMembers(created.id, [erinOnAlpha.id]);
      expect(added).toBe('ordered');
      await aliceDevice.client.send(created.id, createNote(texts.afterAdd));
      const erinChat = await joinedConversation(erinDevice);
      await erinDevice.client.send(erinChat, createNote(texts.fromErin));

      // nothing lost: every member reads everything sent since they joined
      const all = Object.values(texts);
      await decrypts(aliceDevice, created.id, all);
      await decrypts(carolDevice, carolChat, all);
      await decrypts(bobDevice, bobChat, all);
      await decrypts(erinDevice, erinChat, [texts.afterAdd, texts.fromErin]);
      // erin joined after: the earlier messages were never hers to read
      const erinSees = (await erinDevice.client.history(erinChat)).map((message) => message.note?.text);
      expect(erinSees).not.toContain(texts.first);

      // nothing readable on either server: not in the databases, not in the media folders
      for (const text of all) {
        expect(filesContaining(alpha, text), `"${text}" on alpha`).toEqual([]);
        expect(filesContaining(beta, text), `"${text}" on beta`).toEqual([]);
      }
      // the search finds what is there: a plain chat message of the same people is on both servers
      const plain = `a plain message ${run}`;
      await apiAs(alice, 'POST', '/api/v1/friend_messages', { recipient_id: bobOnAlpha.id, content: plain });
      await waitFor(
        'the plain message on both servers',
        () => filesContaining(alpha, plain).length > 0 && filesContaining(beta, plain).length > 0,
      );
    });

    it('chats one to one, encrypted, with a person of the other server', async () => {
      const run = Date.now().toString(36);
      const frank = await alpha.signUp('frank', 'Frank on Alpha');
      const gina = await beta.signUp('gina', 'Gina on Beta');
      const { secondOnFirst: ginaOnAlpha } = await befriend(frank, gina);
      const [frankDevice, ginaDevice] = await Promise.all([member(frank), member(gina)]);
      await eligible(frank, [ginaOnAlpha]);

      const chat = await frankDevice.client.createConversation([ginaOnAlpha.id]);
      const ginaChat = await joinedConversation(ginaDevice);
      const hello = `frank whispers ${run}`;
      const answer = `gina whispers back ${run}`;
      await frankDevice.client.send(chat.id, createNote(hello));
      await decrypts(ginaDevice, ginaChat, [hello]);
      await ginaDevice.client.send(ginaChat, createNote(answer));
      await decrypts(frankDevice, chat.id, [hello, answer]);
      for (const text of [hello, answer]) {
        expect(filesContaining(alpha, text), `"${text}" on alpha`).toEqual([]);
        expect(filesContaining(beta, text), `"${text}" on beta`).toEqual([]);
      }
    });

    it("serves the draft's directory: the actor's keyPackages, the collection and each KeyPackage", async () => {
      const hana = await beta.signUp('hana', 'Hana on Beta');
      await member(hana);
      const nodeInfo = await activityJson(`${beta.url}/nodeinfo/2.1`);
      expect(nodeInfo).toMatchObject({
        metadata: {
          palchat: {
            e2ee: {
              mls: true,
              draft: 'https://swicg.github.io/activitypub-e2ee/mls',
              ciphersuites: ['MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519'],
            },
          },
        },
      });
      const actorUri = `${beta.url}/users/${hana.username}`;
      const actor = await activityJson(actorUri);
      expect(actor['@context']).toContainEqual({
        mls: 'https://purl.archive.org/socialweb/mls#',
        keyPackages: 'mls:keyPackages',
      });
      const keyPackages = actor.keyPackages as { id: string; items: string[] };
      expect(keyPackages).toMatchObject({
        type: 'Collection',
        id: `${actorUri}/keyPackages`,
        totalItems: 10,
      });
      expect(keyPackages.items).toHaveLength(10);
      expect(await activityJson(keyPackages.id)).toMatchObject({ id: keyPackages.id, totalItems: 10 });
      const keyPackage = await activityJson(keyPackages.items[0] ?? '');
      expect(keyPackage).toMatchObject({
        id: keyPackages.items[0],
        type: ['Object', 'KeyPackage'],
        attributedTo: actorUri,
        to: 'https://www.w3.org/ns/activitystreams#Public',
        mediaType: 'message/mls',
        encoding: 'base64',
        generator: { type: 'Application', id: `${beta.url}/actor` },
      });
      expect(keyPackage.content).toMatch(/^[A-Za-z0-9+/]+=*$/);
    });
  },
);
