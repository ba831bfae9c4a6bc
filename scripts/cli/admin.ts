import { createInterface } from 'node:readline/promises';
import { setPassword } from '../../server/auth/admins.server';
import { loadConfig } from '../../server/config';
import { openStore } from '../../server/database';
import { migrate } from '../../server/db/index';

const USAGE = `Usage:
  npm run admin -- set-password EMAIL     set (or reset) an administrator's password; reads it from
                                          ADMIN_PASSWORD or asks for it`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question('New password (at least 8 characters): ')).trim();
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (command !== 'set-password' || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const store = openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(store);
    const password = await readPassword();
    if (password.length < 8) {
      console.error('The password must be at least 8 characters.');
      return 1;
    }
    if (!(await setPassword(store.db, email, password))) {
      console.error(`No administrator with the email ${email}.`);
      return 1;
    }
    console.log(`Password changed for ${email}. Every session of that account has ended.`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
