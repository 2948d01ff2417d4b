import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVettedDispatcher, type Resolver } from './vetted-dispatcher.js';
import { egressFetch, isRefusal } from './fetch.js';

describe('vetted dispatcher', () => {
  let page: http.Server;
  let port: number;
  beforeAll(async () => {
    page = http.createServer((request, response) => {
      if (request.url === '/hop') {
        response.writeHead(302, { location: `http://127.0.0.2:${port}/inside` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
    });
    await new Promise<void>((resolve) => page.listen(0, '0.0.0.0', resolve));
    port = (page.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => page.close(resolve)));

  const loopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

  it('resolves once and connects to the address it checked', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const dispatcher = createVettedDispatcher({ resolve, allowedPrivateAddresses: ['127.0.0.1'] });
    const response = await fetch(`http://named.example:${port}/`, { dispatcher });
    expect(await response.text()).toBe('inside');
    expect(asked).toEqual(['named.example']);
  });

  it('refuses names resolving to private addresses and private IP literals', async () => {
    const dispatcher = createVettedDispatcher({ resolve: loopback });
    for (const url of [
      `http://named.example:${port}/`,
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
    ]) {
      const error = await fetch(url, { dispatcher }).catch((caught: unknown) => caught);
      expect(isRefusal(error), url).toBe(true);
    }
  });

  it('vets every redirect hop', async () => {
    const options = { resolve: loopback, allowedPrivateAddresses: ['127.0.0.1'] };
    const error = await egressFetch(`http://named.example:${port}/hop`, {}, options).catch(
      (caught) => caught,
    );
    expect(isRefusal(error)).toBe(true);
    const allowed = { ...options, allowedPrivateAddresses: ['127.0.0.1', '127.0.0.2'] };
    const response = await egressFetch(`http://named.example:${port}/hop`, {}, allowed);
    expect(response.url).toBe(`http://127.0.0.2:${port}/inside`);
    expect(await response.text()).toBe('inside');
  });
});
