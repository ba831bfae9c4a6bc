/**
 * The container image and the compose file (decision 0052), checked offline: no Docker daemon or registry is
 * needed, so these are the invariants a reader could check by eye, made to fail when they drift: a
 * multi-stage build on Node 20 slim whose image holds production dependencies only and runs as a non-root
 * user, a HEALTHCHECK on a readiness path the server really answers, a data volume; compose with two
 * instances, PostgreSQL, an S3-compatible store and nginx using deploy/nginx.conf whose upstreams are those
 * instances. With the docker CLI and a daemon at hand, `docker build` is run as well.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer } from '../helpers/server';

const root = new URL('../..', import.meta.url).pathname;
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');

/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const m = /^(\S+)\s+(.*)$/.exec(l)!;
    return { op: m[1]!.toUpperCase(), args: m[2]! };
  });
const stages: { from: string; name?: string; body: typeof instructions }[] = [];
for (const i of instructions) {
  if (i.op === 'FROM') {
    const [from, , name] = i.args.split(/\s+/);
    stages.push({ from: from!, name, body: [] });
  } else stages.at(-1)?.body.push(i);
}
const final = stages.at(-1)!;

describe('Dockerfile', () => {
  it('is multi-stage, and the image is Node 20 slim with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(final.from).toMatch(/^node:20(\.\d+)*-[a-z]*-?slim$/);
    // The image's node_modules comes from a stage that installed with --omit=dev, never from the build stage.
    const copies = final.body.filter((i) => i.op === 'COPY' && i.args.includes('node_modules'));
    expect(copies).toHaveLength(1);
    const source = /--from=(\S+)/.exec(copies[0]!.args)![1];
    const deps = stages.find((st) => st.name === source)!;
    expect(deps.body.some((i) => i.op === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(deps.body.some((i) => i.op === 'RUN' && /npm ci(?!.*--omit=dev)/.test(i.args))).toBe(false);
    expect(final.body.some((i) => i.op === 'RUN' && /\bnpm (ci|install)\b/.test(i.args))).toBe(false);
  });

  it('copies the built site, and its start command runs what scripts/build.ts writes', () => {
    const build = readFileSync(`${root}scripts/build.ts`, 'utf8');
    for (const out of ['dist/server.js', 'dist/migrate.js']) expect(build).toContain(`outfile: '${out}'`);
    const copied = final.body.filter((i) => i.op === 'COPY').map((i) => i.args);
    for (const dir of ['./dist', './build', './db/demo']) expect(copied.some((a) => a.endsWith(` ${dir}`)), dir).toBe(true);
    const cmd = JSON.parse(final.body.find((i) => i.op === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe('dist/server.js');
    // The heap limits npm start uses (decisions 0009, 0021) and its allocator setting (decision 0032).
    expect(cmd).toEqual(expect.arrayContaining(['--max-old-space-size=1024', '--max-semi-space-size=4']));
    expect(final.body.some((i) => i.op === 'ENV' && i.args.includes('MALLOC_ARENA_MAX=2'))).toBe(true);
  });

  it('runs as a non-root user with a data volume at DATA_DIR', () => {
    const user = final.body.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    const env = final.body.filter((i) => i.op === 'ENV').map((i) => i.args).join(' ');
    expect(env).toMatch(/DATA_DIR=\/data\b/);
    expect(final.body.some((i) => i.op === 'VOLUME' && i.args.includes('/data'))).toBe(true);
    // The volume's folder belongs to that user (a fresh named volume takes the folder's owner).
    expect(final.body.some((i) => i.op === 'RUN' && new RegExp(`chown\\s+${user}(:\\S+)?\\s+/data`).test(i.args))).toBe(true);
  });

  describe('HEALTHCHECK', () => {
    const health = final.body.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
    const s = startServer();
    afterAll(async () => (await s).close());

    it('asks a path the server answers 200 when ready (the image has no curl: Node does it)', async () => {
      const pathAsked = /\/api\/[a-z]+/.exec(health)?.[0];
      expect(pathAsked).toBe('/api/ready');
      expect(health).toMatch(/CMD \["node",/);
      const server = await s;
      expect((await fetch(`${server.url}${pathAsked}`)).status).toBe(200);
      // The command itself, run against that server, exits 0.
      const script = (JSON.parse(health.slice(health.indexOf('['))) as string[]).at(-1)!;
      // Asynchronously: the server answering it runs in this process.
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, PORT: new URL(server.url).port }, stdio: 'ignore' });
        child.on('exit', resolve);
      });
      expect(code).toBe(0);
    });
  });

  it('.dockerignore keeps local installs and builds out of the context', () => {
    const ignored = readFileSync(`${root}.dockerignore`, 'utf8').split('\n').map((l) => l.trim());
    for (const p of ['node_modules', 'build', 'dist', 'data', '.git']) expect(ignored, p).toContain(p);
  });
});

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

describe('deploy/compose.yaml', () => {
  const compose = parse(readFileSync(`${root}deploy/compose.yaml`, 'utf8'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apps = Object.entries(services).filter(([, sv]) => sv.build && sv.command === undefined);

  it('two instances of the image on one PostgreSQL and one S3-compatible bucket', () => {
    expect(apps.map(([n]) => n)).toEqual(['app1', 'app2']);
    const db = Object.entries(services).find(([, sv]) => sv.image?.startsWith('postgres:'));
    const s3 = Object.entries(services).find(([, sv]) => sv.image?.startsWith('minio/minio'));
    expect(db).toBeDefined();
    expect(s3).toBeDefined();
    for (const [name, sv] of apps) {
      const env = sv.environment!;
      expect(new URL(env.DATABASE_URL!.replace(/\$\{[^}]+\}/g, 'x')).hostname, name).toBe(db![0]);
      expect(env.FILE_STORAGE, name).toBe('s3');
      expect(new URL(env.S3_ENDPOINT!).hostname, name).toBe(s3![0]);
      expect(env.TRUST_PROXY, name).toBe('on');
      // Each instance keeps its own data volume (temporary uploads only, with a bucket).
      expect(sv.volumes?.[0], name).toMatch(/^[a-z0-9-]+:\/data$/);
    }
    expect(apps[0]![1].volumes![0]).not.toBe(apps[1]![1].volumes![0]);
  });

  it('migrates once before the first instance, and starts the second once the first is ready', () => {
    const migrate = services.migrate!;
    expect(migrate.command).toEqual(['node', 'dist/migrate.js']);
    expect(services.app1!.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(services.app2!.depends_on?.app1?.condition).toBe('service_healthy');
  });

  it('nginx uses deploy/nginx.conf, whose upstream servers are the two instances', () => {
    const nginx = Object.entries(services).find(([, sv]) => sv.image?.startsWith('nginx:'));
    expect(nginx).toBeDefined();
    const mount = nginx![1].volumes!.find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'));
    expect(mount).toBe('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(existsSync(`${root}deploy/nginx.conf`)).toBe(true);
    const conf = readFileSync(`${root}deploy/nginx.conf`, 'utf8');
    const upstream = /upstream\s+\S+\s*\{([^}]*)\}/.exec(conf)![1]!;
    const servers = [...upstream.matchAll(/server\s+([a-z0-9-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers).toEqual(apps.map(([n]) => `${n}:3000`));
    for (const [n] of apps) expect(nginx![1].depends_on?.[n]?.condition, n).toBe('service_healthy');
  });

  it('is accepted by docker compose when the CLI has it', () => {
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (probe.status !== 0) {
      console.log('[container] docker compose is not installed here: the file was checked by the tests above only');
      return;
    }
    const run = spawnSync('docker', ['compose', '-f', `${root}deploy/compose.yaml`, 'config', '-q'], {
      encoding: 'utf8',
      env: { ...process.env, POSTGRES_PASSWORD: 'x', S3_SECRET: 'xxxxxxxx', ADMIN_PASSWORD: 'xxxxxxxx' },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
