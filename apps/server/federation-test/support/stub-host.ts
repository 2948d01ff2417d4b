import { readFileSync } from 'node:fs';
import { startRemoteServer, type RemoteServer } from '../../test/helpers/remote-server.js';
import { federationSkipReason, federationState } from './federation.js';

/**
 * The suite's stub remote server (no Palchat: the integration tests' stand-in, apps/server/test/helpers/
 * remote-server.ts) as `https://stub.palchat.example`: on the stub host's address, which the client namespace's
 * bridge carries, so the test hosts reach it like any other server. Its actors have RSA keys and WebFinger; it
 * signs what a test posts and can serve an object only to a signed fetch by given keys. close() it after use.
 */
export async function startStubHost(): Promise<RemoteServer> {
  const stub = federationState?.stub;
  if (!stub) throw new Error(federationSkipReason ?? 'the run has no stub host');
  return startRemoteServer({
    tls: { cert: readFileSync(stub.certFile, 'utf8'), key: readFileSync(stub.keyFile, 'utf8') },
    listen: { host: stub.address, port: 443 },
    origin: stub.url,
  });
}
