import { describe, expect, it } from 'vitest';
import {
  federationSkipReason,
  nextEvent,
  openHomeStream,
  servers,
  type TestHost,
} from './support/federation.js';

// The harness itself: both test hosts answer over HTTPS by name, reach each other, take sign-ups, and a
// server stopped and started again keeps its data. Federation's own behaviour is in scenarios.test.ts.
const hosts: [TestHost, TestHost][] = [
  [servers.alpha, servers.beta],
  [servers.beta, servers.alpha],
];

describe.skipIf(federationSkipReason !== null)(
  federationSkipReason ? `federation test hosts (skipped: ${federationSkipReason})` : 'federation test hosts',
  () => {
    describe.each(hosts)('$name', (host, other) => {
      it('answers /health over HTTPS by its name', async () => {
        expect(host.url).toBe(`https://${host.domain}`);
        const response = await fetch(`${host.url}/health`);
        expect(response.status).toBe(200);
      });

      it('describes itself at /api/v1/instance with its own domain', async () => {
        const instance = await host.anonymousClient().v1.instance.fetch();
        expect(instance.uri).toBe(host.domain);
      });

      it(`reaches the other host by name over HTTPS from its own namespace`, async () => {
        const answer = await host.fetchFromInside(`${other.url}/api/v1/instance`);
        expect(answer.status).toBe(200);
        expect((JSON.parse(answer.body) as { uri: string }).uri).toBe(other.domain);
      });

      it("takes the other host's address for public, as Fedify checks it before every fetch", async () => {
        // Fedify refuses loopback and private addresses; 2001:db8::/32 is neither
        const script = `import('@fedify/vocab-runtime').then((m) => m.validatePublicUrl(process.argv[1]))`;
        await expect(host.runInside(script, [other.url])).resolves.toBe('');
        await expect(host.runInside(script, ['https://localhost/'])).rejects.toThrow(
          /Localhost is not allowed/,
        );
      });

      it('signs up an account with an OAuth token through the Mastodon API', async () => {
        const person = await host.signUp('smoke', 'Smoke Test');
        expect(person.acct).toBe(`${person.username}@${host.domain}`);
        expect(person.account.username).toBe(person.username);
        expect(person.account.displayName).toBe('Smoke Test');
        const status = await person.client.v1.statuses.create({ status: 'hello from the harness' });
        expect(status.account.id).toBe(person.account.id);
      });
    });

    it('streams over WSS through the TLS proxy', async () => {
      const person = await servers.alpha.signUp('stream');
      const stream = await openHomeStream(person);
      try {
        const update = nextEvent(
          stream.subscription,
          (event) => event.event === 'update' && event.payload.content.includes('streamed through the proxy'),
        );
        const posted = await person.client.v1.statuses.create({ status: 'streamed through the proxy' });
        expect((await update).payload).toMatchObject({ id: posted.id });
      } finally {
        stream.close();
      }
    });

    it('restarts a stopped server on the same data', async () => {
      const { beta } = servers;
      const person = await beta.signUp('restart');
      const status = await person.client.v1.statuses.create({ status: 'still here after a restart' });

      await beta.stop();
      // the TLS proxy stays: a stopped server is a 502, as behind nginx
      expect((await fetch(`${beta.url}/health`)).status).toBe(502);
      await beta.start();

      const again = await person.client.v1.statuses.$select(status.id).fetch();
      expect(again.content).toContain('still here after a restart');
    });
  },
);
