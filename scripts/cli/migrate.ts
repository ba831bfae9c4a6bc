import { migrate, openStore, pendingMigrations } from '../../server/db/index';
import { configOrExit, startFailure } from '../../server/startup';

/**
 * npm run migrate (in the container: node dist/migrate.js): brings the database up to this version's
 * migrations and exits, serving nothing. The upgrade procedure runs it once, then rolls the instances
 * (docs/deploy.md, decision 0052). Instances also migrate at start (under a lock), so it is never required,
 * but it keeps the migration out of the first upgraded instance's start and its health check's time.
 */
async function main(): Promise<number> {
  const config = configOrExit();
  const store = openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolMax: 1,
    connectTimeoutMs: 10_000,
  });
  try {
    const pending = await pendingMigrations(store);
    await migrate(store);
    console.log(
      pending.length
        ? `Migrated (${store.dialect}): ${pending.join(', ')}`
        : `The database (${store.dialect}) is already current.`,
    );
    return 0;
  } catch (err) {
    console.error(startFailure(err));
    return 1;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
