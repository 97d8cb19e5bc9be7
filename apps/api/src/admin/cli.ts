import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { CliError, USAGE, runCommand } from './commands';

/**
 * Operator CLI: `npm run admin -- <command>` (see USAGE). Opens the server's database from the same
 * environment (DATABASE_URL, else FM_DATA_DIR/pglite). PGlite allows one process: stop the server first.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
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
