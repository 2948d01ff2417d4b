import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryDispatcher, whileDelivering } from './delivery-dispatcher.js';

describe('the delivery dispatcher', () => {
  let remote: http.Server;
  let origin: string;
  const connections = new Set<string>();
  beforeAll(async () => {
    remote = http.createServer({ keepAlive: true }, (request, response) => {
      connections.add(`${request.socket.remotePort}`);
      // a dead inbox: reads the delivery and never answers
      if (request.url === '/dead/inbox') return;
      response.writeHead(202).end();
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise((resolve) => {
        remote.closeAllConnections();
        remote.close(resolve);
      }),
  );

  const post = (path: string) => fetch(`${origin}${path}`, { method: 'POST', body: '{}' });

  it('gives up on an inbox that never answers, and keeps connections alive for a host', async () => {
    const deliveries = createDeliveryDispatcher({ allowedPrivateAddresses: ['127.0.0.1'] }, 300);
    const started = performance.now();
    await expect(whileDelivering(deliveries, () => post('/dead/inbox'))).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5_000);
    connections.clear();
    for (let index = 0; index < 6; index += 1) {
      const response = await whileDelivering(deliveries, () => post('/inbox'));
      await response.arrayBuffer();
      expect(response.status).toBe(202);
    }
    // (undici opens a second connection after the first exchange, then keeps to them)
    expect(connections.size).toBeLessThanOrEqual(2);
  });

  it('connects to vetted addresses only while delivering, and leaves other requests alone', async () => {
    const deliveries = createDeliveryDispatcher({ allowedPrivateAddresses: [] });
    await expect(whileDelivering(deliveries, () => post('/inbox'))).rejects.toThrow();
    // the same request outside a delivery goes through the process's usual dispatcher
    expect((await post('/inbox')).status).toBe(202);
  });
});
