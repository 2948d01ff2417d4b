import net from 'node:net';

export interface TcpProxy {
  /** the local port that forwards to the target */
  port: number;
  /** Drops every open connection and refuses new ones, as a network cut or a failover would. */
  cut(): void;
  /** Accepts and forwards connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP forwarder to host:port that a test can cut and restore, to play a lost database or Redis server. */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cutAll = () => {
    cut = true;
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: cutAll,
    restore() {
      cut = false;
    },
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
