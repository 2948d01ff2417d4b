import { loadConfig } from '../config.js';
import { createDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { runAdminCommand } from './commands.js';

/** `npm run admin -- <command>`: account and server administration from the shell. */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl });
  try {
    await migrateToLatest(db);
    return await runAdminCommand(db, process.argv.slice(2), {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await db.destroy();
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
