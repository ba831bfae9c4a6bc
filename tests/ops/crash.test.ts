import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BUILD_DIR } from '../helpers/server';

/** The production server as a real process, so it can be killed with SIGKILL mid-write. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function startProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BUILD_DIR,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lexfirm-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('crash safety (SQLite)', () => {
  it('keeps every acknowledged write after kill -9 during concurrent writes', async () => {
    const port = await freePort();
    const first = await startProcess(dataDir, port);
    children.push(first);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/admin/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

    const acknowledged: string[] = [];
    let n = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const question = `Crash question ${n++}?`;
        try {
          const res = await fetch(`${base}/api/faqs/addFaqs`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ question, answer: 'Durable.' }),
          });
          if (res.status === 200) acknowledged.push(question);
          else throw new Error(`write answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (err instanceof Error && err.message.startsWith('write answered')) throw err;
          return; // the server died under this request: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    first.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    if (first.exitCode === null && first.signalCode === null) await new Promise((r) => first.once('exit', r));

    const second = await startProcess(dataDir, port);
    children.push(second);
    const list = await (await fetch(`${base}/api/faqs/getallfaqs`)).json();
    const stored = new Set(list.faq.map((f: { question: string }) => f.question));
    const lost = acknowledged.filter((q) => !stored.has(q));
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(lost).toEqual([]);
    second.kill('SIGTERM');
  }, 60_000);
});
