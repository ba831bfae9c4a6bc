import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own: `initdb` into a temporary folder and `pg_ctl` on a free port, so a
 * test can stop and start it without disturbing any other database. initdb refuses to run as root: as root
 * (CI) the server runs as the `postgres` user through `runuser`.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  /** Asynchronous: the server under test may run in the caller's process and must keep answering. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): void;
}

/** The folder holding initdb and pg_ctl, or null (then the test says it is skipped). */
export function postgresBin(): string | null {
  const candidates = ['/usr/local/bin'];
  const lib = '/usr/lib/postgresql';
  if (existsSync(lib)) {
    for (const v of readdirSync(lib).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(lib, v, 'bin'));
  }
  return candidates.find((d) => existsSync(path.join(d, 'initdb')) && existsSync(path.join(d, 'pg_ctl'))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-pg-'));
  const data = path.join(dir, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const argvOf = (cmd: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const runSync = (cmd: string, args: string[]) => {
    const [file, argv] = argvOf(cmd, args);
    const r = spawnSync(file, argv, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  const run = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, argv] = argvOf(cmd, args);
      execFile(file, argv, { timeout: 120_000 }, (err, stdout, stderr) => (err ? reject(new Error(`${cmd} failed: ${stderr || stdout || err.message}`)) : resolve()));
    });
  runSync('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        runSync('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '60', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
