import net from 'node:net';
import type { Config, FederationConfig } from '../../src/config.js';
import { createTestServer, type TestServer, type TestServerOptions } from './harness.js';

export const FEDERATED_URL = 'https://social.example';

/** Federation on, no queue consumers (tests drive the queue themselves), and `overrides`. */
export function federationConfig(overrides: Partial<FederationConfig> = {}): FederationConfig {
  return {
    enabled: true,
    disabledReason: null,
    allowHttp: false,
    allowPrivateAddresses: false,
    authorizedFetch: false,
    workers: 0,
    queueConcurrency: 8,
    hostConcurrency: 4,
    firstRetrySeconds: 60,
    circuitRecoverySeconds: 60,
    ...overrides,
  };
}

/** A federating server at https://social.example, for app.inject() (nothing listens). */
export function createFederatedServer(
  federation: Partial<FederationConfig> = {},
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  return createTestServer('sqlite', {
    publicUrl: FEDERATED_URL,
    localDomain: 'social.example',
    federation: federationConfig(federation),
    ...overrides,
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A federating server listening on 127.0.0.1 with PUBLIC_URL its own address (http and a loopback address
 * allowed), so that Fedify can fetch the keys of signed requests from it.
 */
export async function listenFederatedServer(
  federation: Partial<FederationConfig> = {},
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await createTestServer(
    'sqlite',
    {
      publicUrl: url,
      localDomain: `127.0.0.1:${port}`,
      federation: federationConfig({ allowHttp: true, allowPrivateAddresses: true, ...federation }),
      ...overrides,
    },
    options,
  );
  await server.app.listen({ host: '127.0.0.1', port });
  return { ...server, url };
}
