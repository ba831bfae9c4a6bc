import { afterAll, beforeAll } from 'vitest';
import { startServer, type StartOptions, type TestServer } from './server';

/**
 * A server for the tests of the describe block it is called in: started before them with `opts`, closed after
 * them. Read `.s` inside a test or hook (it is set once the block's beforeAll has run).
 */
export function suiteServer(opts: StartOptions = {}): { s: TestServer } {
  const suite = {} as { s: TestServer };
  beforeAll(async () => {
    suite.s = await startServer(opts);
  });
  afterAll(async () => {
    await suite.s?.close();
  });
  return suite;
}
