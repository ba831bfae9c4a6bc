import { z } from 'zod';

/**
 * zod for every shared schema (server and browser). JIT is off: zod's JIT first probes `new Function`, and
 * under the admin's strict Content-Security-Policy (no 'unsafe-eval') the browser reports that probe as a
 * CSP violation even though zod catches it. Import `z` from here, never from 'zod', in content/.
 */
z.config({ jitless: true });

export { z };

/**
 * Shared schemas the API reference shows once, by name, under components (a content group's row, an item
 * of its nested list), and everywhere else as a `$ref` to it (server/api/route-schema.ts).
 */
export const components = z.registry<{ name: string }>();
