/** The Transport over fetch: same-origin cookie + CSRF header (the browser) or a bearer token (Node tests, bench). */
import { TransportError, type MlsEnvelope, type PostResult, type Transport } from './transport.js';

export interface HttpTransportOptions {
  /** the server's origin, e.g. https://a.example; '' for same-origin requests in the browser */
  baseUrl: string;
  auth: { bearerToken: string } | { csrfToken: string };
  fetch?: typeof globalThis.fetch;
}

const API = '/api/v1/e2ee';

export class HttpTransport implements Transport {
  private readonly fetch: typeof globalThis.fetch;

  constructor(private readonly options: HttpTransportOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  registerDevice: Transport['registerDevice'] = (body) => this.json('POST', '/devices', body);
  listDevices: Transport['listDevices'] = () => this.json('GET', '/devices');
  uploadKeyPackages: Transport['uploadKeyPackages'] = (deviceId, keyPackages) =>
    this.json('POST', `/devices/${enc(deviceId)}/key_packages`, { key_packages: keyPackages });
  claimKeyPackages: Transport['claimKeyPackages'] = (body) => this.json('POST', '/key_packages/claim', body);
  accountDevices: Transport['accountDevices'] = (accountId) =>
    this.json('GET', `/accounts/${enc(accountId)}/devices`);
  createConversation: Transport['createConversation'] = (body) => this.json('POST', '/conversations', body);
  fetchEnvelopes: Transport['fetchEnvelopes'] = (conversationId, query) =>
    this.json('GET', `/conversations/${enc(conversationId)}/messages?${params(query)}`);
  ack: Transport['ack'] = async (conversationId, body) => {
    await this.json('POST', `/conversations/${enc(conversationId)}/ack`, body);
  };
  pending: Transport['pending'] = (deviceId) =>
    this.json('GET', `/pending?${params({ device_id: deviceId })}`);
  pendingRemovals: Transport['pendingRemovals'] = (conversationId) =>
    this.json('GET', `/conversations/${enc(conversationId)}/pending_removals`);

  async postEnvelope(
    conversationId: string,
    body: Parameters<Transport['postEnvelope']>[1],
  ): Promise<PostResult> {
    const response = await this.request('POST', `${API}/conversations/${enc(conversationId)}/messages`, body);
    const json = await readJson(response);
    if (response.status === 201) return { status: 'ordered', envelope: json as unknown as MlsEnvelope };
    if (response.status === 202)
      return { status: 'forwarded', id: typeof json?.id === 'string' ? json.id : '' };
    if (response.status === 409 && typeof json?.epoch === 'number')
      return { status: 'conflict', epoch: json.epoch };
    throw new TransportError(response.status, json);
  }

  async uploadMedia(
    ciphertext: Uint8Array,
    conversationId?: string,
  ): Promise<{ id: string; url: string; size: number }> {
    const query = conversationId ? `?${params({ conversation_id: conversationId })}` : '';
    const response = await this.request(
      'POST',
      `${API}/media${query}`,
      new Blob([new Uint8Array(ciphertext)]),
    );
    return this.parse(response);
  }

  async downloadMedia(url: string): Promise<Uint8Array> {
    const home = new URL(this.options.baseUrl || pageHref());
    const file = new URL(url, home);
    // a file on another member's server is read through this one (GET /media/remote), which the page's
    // content policy allows and which keeps the reader's address from that server
    const response =
      file.origin === home.origin
        ? await this.fetch(file, { credentials: 'omit' }) // unguessable: no credentials go with it
        : await this.request('GET', `${API}/media/remote?${params({ url: file.href })}`);
    if (!response.ok) throw new TransportError(response.status, await readJson(response));
    return new Uint8Array(await response.arrayBuffer());
  }

  private async json<T>(method: string, path: string, body?: object): Promise<T> {
    return this.parse<T>(await this.request(method, `${API}${path}`, body));
  }

  private async parse<T>(response: Response): Promise<T> {
    const json = await readJson(response);
    if (!response.ok) throw new TransportError(response.status, json);
    return json as T;
  }

  private request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const { auth } = this.options;
    if ('bearerToken' in auth) headers.Authorization = `Bearer ${auth.bearerToken}`;
    else if (method !== 'GET') headers['X-CSRF-Token'] = auth.csrfToken;
    let payload: Blob | string | undefined;
    if (body instanceof Blob) {
      headers['Content-Type'] = 'application/octet-stream';
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return this.fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'bearerToken' in auth ? 'omit' : 'same-origin',
    });
  }
}

/** The page's address in a browser (same-origin requests), typed without the DOM lib. */
function pageHref(): string {
  return (globalThis as { location?: { href: string } }).location?.href ?? '';
}

function enc(id: string): string {
  return encodeURIComponent(id);
}

function params(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
