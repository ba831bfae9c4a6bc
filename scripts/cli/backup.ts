import Database from 'better-sqlite3';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { loadConfig } from '../../server/config';

/**
 * npm run backup [-- --out FILE]: one .tar.gz with a consistent snapshot of the SQLite database (taken
 * with SQLite's online backup, safe while the server runs) and every stored file.
 * npm run restore -- ARCHIVE: brings an empty DATA_DIR back to exactly that state.
 */
const FOLDERS = ['uploads', 'private', 'outbox'];

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-').replace(/Z$/, 'Z');
}

async function backup(args: string[]): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and the files with this command\'s --files-only.');
    if (!args.includes('--files-only')) return 1;
  }
  const outIdx = args.indexOf('--out');
  const out = path.resolve(outIdx >= 0 && args[outIdx + 1] ? args[outIdx + 1]! : `backup-${stamp()}.tar.gz`);
  const dbFile = path.join(config.dataDir, 'site.db');
  const work = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-backup-'));
  try {
    const entries: string[] = [];
    if (!config.databaseUrl) {
      if (!existsSync(dbFile)) {
        console.error(`No database at ${dbFile}.`);
        return 1;
      }
      const src = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        await src.backup(path.join(work, 'site.db'));
      } finally {
        src.close();
      }
      entries.push('site.db');
    }
    writeFileSync(
      path.join(work, 'manifest.json'),
      JSON.stringify({ format: 1, createdAt: new Date().toISOString(), database: config.databaseUrl ? 'postgres (not included)' : 'sqlite' }, null, 2),
    );
    entries.unshift('manifest.json');
    // One plain tar: the snapshot and manifest first, then every stored file, then gzip it.
    // Files are added after the snapshot: a file removed by a later write may be missing, but every
    // file the snapshot refers to existed when it was taken and is only deleted after its row.
    const raw = path.join(work, 'backup.tar');
    await tar.create({ file: raw, cwd: work, portable: true }, entries);
    const files = FOLDERS.filter((f) => existsSync(path.join(config.dataDir, f)) && readdirSync(path.join(config.dataDir, f)).length > 0);
    if (files.length) await tar.update({ file: raw, cwd: config.dataDir, portable: true }, files);
    await pipeline(createReadStream(raw), createGzip(), createWriteStream(out));
    console.log(`Backup written to ${out} (${Math.round(statSync(out).size / 1024)} KB).`);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restore(args: string[]): Promise<number> {
  const archive = args.find((a) => !a.startsWith('--'));
  if (!archive || !existsSync(archive)) {
    console.error('Usage: npm run restore -- ARCHIVE   (restores into DATA_DIR, which must be empty or missing)');
    return 2;
  }
  const config = loadConfig();
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0 && !args.includes('--force')) {
    console.error(`${config.dataDir} is not empty. Restore into a new DATA_DIR (or pass --force to overwrite).`);
    return 1;
  }
  mkdirSync(config.dataDir, { recursive: true });
  for (const f of ['site.db', 'site.db-wal', 'site.db-shm']) rmSync(path.join(config.dataDir, f), { force: true });
  await tar.extract({ file: path.resolve(archive), cwd: config.dataDir, strict: true, preservePaths: false });
  rmSync(path.join(config.dataDir, 'manifest.json'), { force: true });
  console.log(`Restored ${archive} into ${config.dataDir}.`);
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const run = command === 'backup' ? backup : command === 'restore' ? restore : null;
if (!run) {
  console.error('Usage: backup [--out FILE] | restore ARCHIVE');
  process.exit(2);
}
run(rest).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
