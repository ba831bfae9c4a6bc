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
export async function waitFor(
  url: string,
  { child, everyMs = 100, timeoutMs = 180_000 }: { child?: ChildProcess; everyMs?: number; timeoutMs?: number } = {},
): Promise<void> {
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

/**
 * The environment of a production site a script starts on 127.0.0.1:`port` with the demo content in `dataDir`
 * (the build from BUILD_DIR, else build/), quiet logs, and the script's own administrator; `extra` is added last.
 */
export function demoSiteEnv(
  opts: { port: number; dataDir: string; admin: { email: string; password: string }; publicUrl?: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DEMO_CONTENT: 'on',
    ADMIN_EMAIL: opts.admin.email,
    ADMIN_PASSWORD: opts.admin.password,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: opts.publicUrl ?? `http://127.0.0.1:${opts.port}`,
    ...extra,
  };
}
