// The bare baseline of `npm run bench` (decision 0020): a plain node:http server, no framework and no database,
// that answers the same addresses with the same status, headers and bytes the product sent, from memory.
// It reads a JSON description written by the bench: { "/path": { identity: {status, headers, file},
// br: {…}, gzip: {…} } }, and picks the variant from Accept-Encoding the way the product does (brotli,
// else gzip, else identity). Node adds Date, Connection and Keep-Alive itself, as it does for the product.
//   node scripts/run.mjs bench-bare <description.json> <port>
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** One answer as the bench recorded it: status, headers in order, and the file holding its body. */
interface Recorded {
  status: number;
  headers: [string, string][];
  file: string;
}
interface Ready {
  status: number;
  headers: string[];
  body: Buffer;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: bench-bare <description.json> <port>');
const described = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, Recorded>>;
const answers = new Map<string, Partial<Record<'identity' | 'br' | 'gzip', Ready>>>();
for (const [url, variants] of Object.entries(described)) {
  const ready: Record<string, Ready> = {};
  for (const [enc, v] of Object.entries(variants)) {
    const body = readFileSync(v.file);
    ready[enc] = { status: v.status, headers: v.headers.flat(), body };
  }
  answers.set(url, ready);
}

http
  .createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404).end();
      return;
    }
    const accept = req.headers['accept-encoding'] ?? '';
    const v = (accept.includes('br') && a.br) || (accept.includes('gzip') && a.gzip) || a.identity;
    if (!v) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(v.status, v.headers);
    res.end(req.method === 'HEAD' ? undefined : v.body);
  })
  .listen(Number(port), '127.0.0.1');
