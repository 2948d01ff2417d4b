import { describe, expect, it } from 'vitest';
import { HttpTransport } from './http-transport.js';
import { TransportError } from './transport.js';

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { calls, fetch };
}

const post = { device_id: '1', message: 'AAAA' };

describe('HttpTransport', () => {
  it('maps 201, 202 and 409 of a posted envelope to the three outcomes', async () => {
    const envelope = { id: '9', seq: 3 };
    for (const [status, body, expected] of [
      [201, envelope, { status: 'ordered', envelope }],
      [202, { status: 'forwarded', id: '7' }, { status: 'forwarded', id: '7' }],
      [409, { error: 'Epoch mismatch', epoch: 4 }, { status: 'conflict', epoch: 4 }],
    ] as const) {
      const { fetch } = fakeFetch(status, body);
      const transport = new HttpTransport({
        baseUrl: 'https://a.example',
        auth: { bearerToken: 't' },
        fetch,
      });
      expect(await transport.postEnvelope('5', post)).toEqual(expected);
    }
  });

  it('throws a TransportError with the JSON error otherwise', async () => {
    const { fetch } = fakeFetch(410, { error: 'This device was removed' });
    const transport = new HttpTransport({ baseUrl: '', auth: { csrfToken: 'c' }, fetch });
    const error = await transport.postEnvelope('5', post).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 410, message: 'This device was removed' });
  });

  it('sends a bearer token, or the CSRF header on writes, to the documented paths', async () => {
    const bearer = fakeFetch(200, []);
    await new HttpTransport({
      baseUrl: 'https://a.example',
      auth: { bearerToken: 't' },
      fetch: bearer.fetch,
    }).fetchEnvelopes('5', { device_id: '1', after: 2, limit: 50 });
    expect(bearer.calls[0]!.url).toBe(
      'https://a.example/api/v1/e2ee/conversations/5/messages?device_id=1&after=2&limit=50',
    );
    expect(bearer.calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer t' });

    const cookie = fakeFetch(200, {});
    await new HttpTransport({ baseUrl: '', auth: { csrfToken: 'c' }, fetch: cookie.fetch }).ack('5', {
      device_id: '1',
      seq: 3,
    });
    expect(cookie.calls[0]!.url).toBe('/api/v1/e2ee/conversations/5/ack');
    expect(cookie.calls[0]!.init).toMatchObject({ method: 'POST', headers: { 'X-CSRF-Token': 'c' } });
    expect(JSON.parse(String(cookie.calls[0]!.init.body))).toEqual({ device_id: '1', seq: 3 });
  });
});
