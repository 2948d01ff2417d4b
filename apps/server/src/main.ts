import { loadConfig } from './config.js';
import { startServer } from './server.js';

const server = await startServer(loadConfig());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
