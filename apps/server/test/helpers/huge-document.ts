import http from 'node:http';
import { signRequest } from '@fedify/fedify';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A server whose every path answers a JSON document of `totalBytes`, generated and streamed as the reader
 * takes it (no length announced): what a hostile server names as a signature's keyId.
 */
export interface HugeDocumentServer {
  url: string;
  /** requests received, by path */
  requests: string[];
  /** bytes the server managed to send, all requests together */
  bytesSent(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');

export async function startHugeDocumentServer(totalBytes: number): Promise<HugeDocumentServer> {
  const requests: string[] = [];
  let sent = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/activity+json' });
    response.write(`{"@context":"https://www.w3.org/ns/activitystreams","type":"Person","name":"`);
    let written = 0;
    const pump = (): void => {
      while (written < totalBytes && !response.destroyed) {
        written += CHUNK.length;
        if (!response.write(CHUNK)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!response.destroyed) response.end('"}');
    };
    const socket = response.socket;
    if (socket && !sockets.has(socket)) {
      sockets.add(socket);
      socket.once('close', () => {
        sockets.delete(socket);
        sent += socket.bytesWritten;
      });
    }
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bytesSent: () => [...sockets].reduce((total, socket) => total + socket.bytesWritten, sent),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A POST to `inbox` signed with a throwaway key and naming `keyId`, so that the server fetches `keyId` to check
 * it: what anyone can send without an account anywhere. (Also used by bench/fetch-attack.mjs.)
 */
export async function postNamingKeyId(inbox: string, keyId: string): Promise<Response> {
  const { privateKey } = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const actor = keyId.replace(/#.*$/, '');
  const request = new Request(inbox, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body: JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor}/follows/1`,
      type: 'Follow',
      actor,
      object: inbox.replace('/inbox', '/users/alice'),
    }),
  });
  return fetch(
    await signRequest(request, privateKey, new URL(keyId), { spec: 'draft-cavage-http-signatures-12' }),
  );
}
