import { resolve } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { adoptLegacyDataDir } from '../data-dir';
import { CliError, USAGE, runCommand } from './commands';
import { controlSocketPath, sendToServer } from './control';

/**
 * Operator CLI: `npm run admin -- <command>` (see USAGE), on the server's database from the same environment
 * (DATABASE_URL, else the embedded one under FM_DATA_DIR). With the embedded database and the server running, the
 * command goes through the server's control socket (PGlite serves one process); otherwise it opens the database.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return 0;
  }
  // a file argument is read by whichever process runs the command (this one or the server): make it absolute
  if (argv[0] === 'load-store' && argv[1]) argv = [argv[0], resolve(process.env.INIT_CWD ?? process.cwd(), argv[1]), ...argv.slice(2)];
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL) {
    const moved = adoptLegacyDataDir(process.env.FM_DATA_DIR, config.FM_DATA_DIR);
    if (moved) console.log(moved);
    const reply = await sendToServer(controlSocketPath(config.FM_DATA_DIR), argv);
    if (reply) {
      if (reply.ok) console.log(reply.output);
      else console.error(reply.error);
      return reply.ok ? 0 : 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.FM_DATA_DIR });
  try {
    await database.migrate();
    console.log(await runCommand(database.db, argv));
    return 0;
  } catch (err) {
    if (err instanceof CliError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
