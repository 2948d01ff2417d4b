import { loadConfig } from '../config.js';
import { openDatabase } from '../server.js';
import { runAdminCommand } from './commands.js';

/** `npm run admin -- <command>`: account and server administration from the shell. */
async function main(): Promise<number> {
  const config = loadConfig();
  // The same database, schema and migrations as the server's.
  const { db, close } = await openDatabase(config);
  try {
    return await runAdminCommand(db, process.argv.slice(2), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
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
