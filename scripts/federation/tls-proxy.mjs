#!/usr/bin/env node
// The TLS terminator in front of one federation test server, as nginx or Caddy would be in production: HTTPS
// on port 443 of the test host's namespace, passed on as plain HTTP to the server on 127.0.0.1 with
// X-Forwarded-For/-Proto/-Host (the server runs with TRUST_PROXY=true). WebSocket upgrades are passed through.
// A stopped server answers 502, as behind a real proxy.
// Environment: TLS_CERT_FILE, TLS_KEY_FILE, UPSTREAM_PORT.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { readFileSync } from 'node:fs';

const upstreamPort = Number(process.env.UPSTREAM_PORT);
const UPSTREAM_HOST = '127.0.0.1';

function forwardedHeaders(request) {
  const address = request.socket.remoteAddress ?? '';
  const earlier = request.headers['x-forwarded-for'];
  return {
    ...request.headers,
    'x-forwarded-for': earlier ? `${earlier}, ${address}` : address,
    'x-forwarded-proto': 'https',
    'x-forwarded-host': request.headers.host ?? '',
  };
}

const server = https.createServer({
  cert: readFileSync(process.env.TLS_CERT_FILE),
  key: readFileSync(process.env.TLS_KEY_FILE),
});

server.on('request', (request, response) => {
  const upstream = http.request(
    {
      host: UPSTREAM_HOST,
      port: upstreamPort,
      method: request.method,
      path: request.url,
      headers: forwardedHeaders(request),
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (response.headersSent) return response.destroy();
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end('{"error":"Bad gateway: the server is not running"}');
  });
  request.pipe(upstream);
});

server.on('upgrade', (request, socket, head) => {
  const upstream = net.connect(upstreamPort, UPSTREAM_HOST, () => {
    const headers = forwardedHeaders(request);
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const item of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${item}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});

server.listen(443, '::', () =>
  console.log(`tls-proxy: https on :443 → http://${UPSTREAM_HOST}:${upstreamPort}`),
);

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(0));
