import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const THIRD_PARTY_APP_NAME = 'Loopback Web Client';

/**
 * What a browser-based Mastodon client (Phanpy, Elk) does, in one page on its own origin: `/` registers an app
 * and sends the visitor to the server's /oauth/authorize with a PKCE S256 challenge (a public client: no
 * secret); `/callback` trades the code and the verifier for a token, then reads the account and the home
 * timeline with it, printing what it got (or the error) for the test to read.
 */
function appScript(server: string): string {
  return `
const server = ${JSON.stringify(server)};
const callback = location.origin + '/callback';
const out = document.getElementById('out');
const say = (line) => { out.textContent += line + '\\n'; };
const base64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
const json = async (response) => {
  if (!response.ok) throw new Error(response.status + ' ' + (await response.text()));
  return response.json();
};

async function start() {
  const app = await json(await fetch(server + '/api/v1/apps', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: ${JSON.stringify(THIRD_PARTY_APP_NAME)}, redirect_uris: callback, scopes: 'read' }),
  }));
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const state = base64url(crypto.getRandomValues(new Uint8Array(8)));
  sessionStorage.setItem('oauth', JSON.stringify({ clientId: app.client_id, verifier, state }));
  const query = new URLSearchParams({
    response_type: 'code', client_id: app.client_id, redirect_uri: callback, scope: 'read', state,
    code_challenge: challenge, code_challenge_method: 'S256',
  });
  location.assign(server + '/oauth/authorize?' + query);
}

async function finish() {
  const { clientId, verifier, state } = JSON.parse(sessionStorage.getItem('oauth'));
  const params = new URLSearchParams(location.search);
  if (params.get('state') !== state) throw new Error('state mismatch');
  const token = await json(await fetch(server + '/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code', code: params.get('code'), client_id: clientId,
      redirect_uri: callback, code_verifier: verifier,
    }),
  }));
  const auth = { headers: { Authorization: 'Bearer ' + token.access_token } };
  const me = await json(await fetch(server + '/api/v1/accounts/verify_credentials', auth));
  say('Signed in as @' + me.username);
  const response = await fetch(server + '/api/v1/timelines/home?limit=1', auth);
  const home = await json(response);
  say('Home: ' + home.map((status) => status.content.replace(/<[^>]+>/g, '')).join(' | '));
  say('Link header: ' + (response.headers.get('Link') ? 'readable' : 'hidden'));
  say('Rate limit header: ' + (response.headers.get('X-RateLimit-Limit') ? 'readable' : 'hidden'));
}

(location.pathname === '/callback' ? finish() : start()).catch((error) => say('Failed: ' + error.message));
`;
}

export interface ThirdPartyApp {
  /** its page (another origin than the server's: another port) */
  url: string;
  close(): Promise<void>;
}

export async function startThirdPartyApp(server: string): Promise<ThirdPartyApp> {
  const script = appScript(server);
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>${THIRD_PARTY_APP_NAME}</title></head>` +
        `<body><pre id="out" data-testid="app-output"></pre><script type="module">${script}</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        site.closeAllConnections();
        site.close(() => resolve());
      }),
  };
}
