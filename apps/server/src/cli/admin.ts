import { loadConfig, type Config } from '../config.js';
import { createMediaStorage } from '../media/storage.js';
import { createEventBus, openDatabase } from '../server.js';
import { BackupRefused, runBackup } from './backup.js';
import { runAdminCommand } from './commands.js';
import { runRestore } from './restore.js';

const output = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };

/** `backup` and `restore` work on the configuration's storage itself; `restore` must not open the database. */
async function backupOrRestore(config: Config, [command, ...args]: string[]): Promise<number> {
  try {
    if (command === 'restore') {
      await runRestore(config, args, output);
      return 0;
    }
    const { db, close } = await openDatabase(config);
    try {
      await runBackup(config, db, args, output);
    } finally {
      await close();
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    output.err(`Error: ${error.message}`);
    return 1;
  }
}

/** `npm run admin -- <command>`: account and server administration from the shell. */
async function main(): Promise<number> {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  if (argv[0] === 'backup' || argv[0] === 'restore') return backupOrRestore(config, argv);
  // The same database, schema and migrations as the server's.
  const { db, close } = await openDatabase(config);
  // with REDIS_URL, the servers' bus: a disabled account's open sockets close at once
  const bus = await createEventBus(config);
  try {
    return await runAdminCommand(db, argv, output, bus, createMediaStorage(config), config.mediaDir);
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
