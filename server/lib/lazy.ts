import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used instead of at start (decision 0021): pg only with
 * DATABASE_URL, nodemailer on the first message, sanitize-html on the first rich-text write. Each is
 * 10–14 MB of resident memory and tens of ms of start-up that most processes never need.
 */
export function lazy<T>(name: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= load(name) as T);
}
