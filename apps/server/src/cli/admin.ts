import { loadConfig } from '../config.js';
import { createMediaStorage } from '../media/storage.js';
import { createEventBus, openDatabase } from '../server.js';
import { runAdminCommand } from './commands.js';

/** `npm run admin -- <command>`: account and server administration from the shell. */
async function main(): Promise<number> {
  const config = loadConfig();
  // The same database, schema and migrations as the server's.
  const { db, close } = await openDatabase(config);
  // with REDIS_URL, the servers' bus: a disabled account's open sockets close at once
  const bus = await createEventBus(config);
  try {
    return await runAdminCommand(
      db,
      process.argv.slice(2),
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      bus,
      createMediaStorage(config),
      config.mediaDir,
    );
  } finally {
    await bus.close();
    await close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
