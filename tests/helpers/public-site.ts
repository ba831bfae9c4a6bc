import { seedPublicContent, type Seeded } from '../e2e/public-fixture';
import { startServer, type TestServer } from './server';

/** A server with the pages, holding the public tests' content (tests/e2e/public-fixture.ts). */
export async function startPublicSite(): Promise<{ s: TestServer; seed: Seeded }> {
  const s = await startServer({ pages: true });
  return { s, seed: await seedPublicContent(s) };
}
