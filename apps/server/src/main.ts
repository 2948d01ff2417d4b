import { loadConfig, type Config } from './config.js';
import { startServer } from './server.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    // a setting the server refuses (e.g. federation over plain http): say which, without a stack trace
    console.error(`Palchat cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const server = await startServer(configOrExit());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
