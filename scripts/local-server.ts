// Helpers of the scripts that start the production server themselves (bench, lighthouse).
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A TCP port free on 127.0.0.1 just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once url answers 2xx (asked every `everyMs`); throws after `timeoutMs`, or as soon as `child` has exited. */
export async function waitFor(url: string, { child, everyMs = 100, timeoutMs = 180_000 }: { child?: ChildProcess; everyMs?: number; timeoutMs?: number } = {}): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
