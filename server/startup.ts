import { loadConfig, type Config } from './config';
import { StartRefused } from './db/index';

/**
 * The configuration of a process that starts from the environment (the server, npm run migrate). A bad
 * value ends the process at once with its one line, which names the variable.
 */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

/**
 * What a failed start prints (decision 0051): a refusal the operator must act on is its one line; anything else
 * comes with its stack.
 */
export const startFailure = (err: unknown): unknown => (err instanceof StartRefused ? err.message : err);
