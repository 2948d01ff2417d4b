import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient, type mastodon } from 'masto';

/**
 * What the federation tests use (vitest and Playwright alike): the two test hosts that scripts/federation.mjs
 * runs, stopping and starting them, accounts with an OAuth token and a `masto` client, and waitFor.
 * The script describes the run in the JSON file named by FEDERATION_STATE.
 */

export type HostName = 'alpha' | 'beta';

const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

interface HostState {
  name: HostName;
  /** https://<domain>, without a trailing slash */
  url: string;
  domain: string;
  /** the host's network namespace: `ip netns exec <namespace> …` runs a command as the server would */
  namespace: string;
  address: string;
}

/** The stub remote server's name and certificate: the tests start it themselves (support/stub-host.ts). */
export interface StubHostState {
  url: string;
  domain: string;
  address: string;
  certFile: string;
  keyFile: string;
}

interface FederationState {
  controlSocket: string;
  stub: StubHostState;
  caFile: string;
  /** the hosts' certificate key hashes, which Chromium is told to trust */
  spkiHashes: string[];
  servers: Record<HostName, HostState>;
}

function loadState(): FederationState | null {
  const file = process.env.FEDERATION_STATE;
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as FederationState) : null;
}

export const federationState = loadState();

/** Why the federation tests cannot run in this process, or null when they can. */
export const federationSkipReason = federationState
  ? null
  : 'FEDERATION_STATE is not set: run the federation tests through `npm run test:federation`';

function control(action: 'stop' | 'start', name: HostName): Promise<void> {
  const socketPath = federationState?.controlSocket;
  if (!socketPath) return Promise.reject(new Error(federationSkipReason ?? 'no control socket'));
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath, method: 'POST', path: `/servers/${name}/${action}` },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if (response.statusCode === 204) resolve();
          else reject(new Error(`${action} ${name} → ${response.statusCode} ${body}`));
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export interface InsideFetchResult {
  status: number;
  contentType: string | null;
  body: string;
}

// run by the namespace's Node: fetches argv[1] with the Accept header argv[2] and prints what came back
const INSIDE_FETCH_SCRIPT = `
const [url, accept] = process.argv.slice(1);
fetch(url, { headers: { accept }, redirect: 'manual' }).then(
  async (r) => console.log(JSON.stringify({ status: r.status, contentType: r.headers.get('content-type'), body: await r.text() })),
  (e) => { console.error(String(e.cause ?? e)); process.exit(1); },
);`;

export class TestHost {
  readonly name: HostName;
  readonly url: string;
  readonly domain: string;
  readonly namespace: string;
  private appCredentials: Promise<{ clientId: string; clientSecret: string }> | null = null;

  constructor(state: HostState) {
    this.name = state.name;
    this.url = state.url;
    this.domain = state.domain;
    this.namespace = state.namespace;
  }

  /** Stops the server process (its TLS proxy stays up and answers 502, as nginx would). */
  stop(): Promise<void> {
    return control('stop', this.name);
  }

  /** Starts the server again on the same database and media; resolves once it answers /health. */
  start(): Promise<void> {
    return control('start', this.name);
  }

  /**
   * Runs a Node script (`node -e script args…`) inside this host's namespace, with the project's Node, the
   * repository as working folder and the run's CA, as the server runs: what the server itself would see of the
   * network. Resolves what the script printed; rejects with its error output when it fails.
   */
  runInside(script: string, args: string[] = []): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'ip',
        ['netns', 'exec', this.namespace, process.execPath, '-e', script, ...args],
        { timeout: 30_000 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`in ${this.name}'s namespace: ${stderr.trim() || error.message}`));
          else resolve(stdout);
        },
      );
    });
  }

  /** A GET from inside this host's namespace (see runInside): what the server would get when it fetches `url`. */
  async fetchFromInside(url: string, accept = 'application/json'): Promise<InsideFetchResult> {
    return JSON.parse(await this.runInside(INSIDE_FETCH_SCRIPT, [url, accept])) as InsideFetchResult;
  }

  /** A client without a token (public endpoints). */
  anonymousClient(): mastodon.rest.Client {
    return createRestAPIClient({ url: this.url });
  }

  /** This server's OAuth app for the tests (registered once through POST /api/v1/apps). */
  private app(): Promise<{ clientId: string; clientSecret: string }> {
    this.appCredentials ??= this.anonymousClient()
      .v1.apps.create({
        clientName: 'Palchat federation tests',
        redirectUris: OOB_REDIRECT_URI,
        scopes: 'read write follow push',
      })
      .then((app) => {
        if (!app.clientId || !app.clientSecret)
          throw new Error(`${this.name}: the app has no client credentials`);
        return { clientId: app.clientId, clientSecret: app.clientSecret };
      });
    return this.appCredentials;
  }

  /**
   * Signs up a new account through Mastodon's registration API (an app token, then POST /api/v1/accounts) and
   * answers it with its token and a `masto` client acting as it.
   */
  async signUp(prefix: string, displayName?: string): Promise<TestAccount> {
    const { clientId, clientSecret } = await this.app();
    const appToken = await createOAuthAPIClient({ url: this.url }).token.create({
      grantType: 'client_credentials',
      clientId,
      clientSecret,
      redirectUri: OOB_REDIRECT_URI,
      scope: 'read write follow push',
    });
    const username = uniqueUsername(prefix);
    const token = await createRestAPIClient({
      url: this.url,
      accessToken: appToken.accessToken,
    }).v1.accounts.create({
      username,
      email: `${username}@${this.domain}`,
      password: TEST_PASSWORD,
      agreement: true,
      locale: 'en',
    });
    const client = createRestAPIClient({ url: this.url, accessToken: token.accessToken });
    const account = displayName
      ? await client.v1.accounts.updateCredentials({ displayName })
      : await client.v1.accounts.verifyCredentials();
    return {
      host: this,
      username,
      acct: `${username}@${this.domain}`,
      accessToken: token.accessToken,
      client,
      account,
      streaming: () => this.streamingClient(token.accessToken),
    };
  }

  /** A streaming client (WebSocket, wss:// through the TLS proxy) at the address the instance names. */
  private async streamingClient(accessToken: string): Promise<mastodon.streaming.Client> {
    const instance = await this.anonymousClient().v2.instance.fetch();
    return createStreamingAPIClient({
      streamingApiUrl: instance.configuration.urls.streaming,
      accessToken,
      implementation: WebSocket,
    });
  }
}

export interface TestAccount {
  host: TestHost;
  username: string;
  /** user@domain, as the other server names it */
  acct: string;
  accessToken: string;
  client: mastodon.rest.Client;
  account: mastodon.v1.Account;
  /** a streaming client as this account (close() it after the test) */
  streaming(): Promise<mastodon.streaming.Client>;
}

export const TEST_PASSWORD = 'correct-horse-battery-9';

let usernameCounter = 0;

/** A username no earlier test took (the servers keep their data for the whole run). */
export function uniqueUsername(prefix: string): string {
  usernameCounter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${usernameCounter}`.slice(0, 30);
}

function placeholderState(name: HostName): HostState {
  return { name, url: '', domain: '', namespace: '', address: '' };
}

/** The two test hosts (placeholders that fail on use when the suite runs outside scripts/federation.mjs). */
export const servers: Record<HostName, TestHost> = {
  alpha: new TestHost(federationState?.servers.alpha ?? placeholderState('alpha')),
  beta: new TestHost(federationState?.servers.beta ?? placeholderState('beta')),
};

/**
 * Calls `probe` until it answers a truthy value (answered), or the time is up: federation is asynchronous, so
 * what one server does reaches the other a moment later. Errors thrown by `probe` count as "not yet"; the last
 * one is in the timeout's message.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 30_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`waited ${timeoutMs} ms for ${what}; last: ${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The first event of `subscription` that `matches`, within `timeoutMs` (for "arrives live" checks). */
export async function nextEvent(
  subscription: mastodon.streaming.Subscription,
  matches: (event: mastodon.streaming.Event) => boolean,
  timeoutMs = 30_000,
): Promise<mastodon.streaming.Event> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no matching streaming event within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const search = (async () => {
    for await (const event of subscription) if (matches(event)) return event;
    throw new Error('the stream ended without a matching event');
  })();
  try {
    return await Promise.race([search, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HomeStream {
  subscription: mastodon.streaming.Subscription;
  close(): void;
}

/**
 * `account`'s home (user) stream, once it is known to be live: the subscription goes out when the socket opens,
 * so the account posts (privately) until one of its own posts comes through. Close it after the test.
 */
export async function openHomeStream(account: TestAccount): Promise<HomeStream> {
  const streaming = await account.streaming();
  const subscription = streaming.user.subscribe();
  const own = nextEvent(subscription, (event) => event.event === 'update');
  try {
    await waitFor(`the home stream of ${account.acct} to be live`, async () => {
      await account.client.v1.statuses.create({ status: 'Is my stream on?', visibility: 'private' });
      return Promise.race([own, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000))]);
    });
  } catch (error) {
    streaming.close();
    throw error;
  }
  return { subscription, close: () => streaming.close() };
}
