/**
 * A content group is its declaration (decision 0075): no code outside `content/resources/` names a group by
 * its key, so nothing keyed by group can be forgotten when a group is added. This test reads the source with
 * the TypeScript parser and fails on a group key written as a string, an object key or `resourceByKey.<key>`
 * in the server, the isomorphic content code, the admin and public components and the route list (demo data,
 * migrations and tests aside). Comments are not code; the first argument of `route()` is a URL; an island's
 * name (the first argument of `island()`, `ISLAND_NAMES`) names its module `app/islands/<name>.tsx`; a
 * `className` or `aria-*` value is markup.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resources } from '../../content/resources/index';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['server', 'content', 'app/components/admin', 'app/components/public', 'app/routes.ts'];
const SKIPPED = [/^content\/resources\//, /^server\/demo\//, /\/migrations\//, /\.test\.tsx?$/];

/**
 * The spec's response keys that happen to be spelled as a group's key (section 7: getRecentAboutImage answers
 * `about`, getblogByid answers `blog`). Each is a key of an answer, not a reference to a group.
 */
const ALLOWED: readonly string[] = ['server/api/public-reads.ts: about', 'server/api/public-reads.ts: blog'];

function files(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (statSync(abs).isFile()) return [rel];
  return readdirSync(abs).flatMap((name) => files(path.posix.join(rel, name)));
}

function groupKeysNamed(rel: string, keys: ReadonlySet<string>): string[] {
  const text = readFileSync(path.join(ROOT, rel), 'utf8');
  const src = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const hit = (node: ts.Node, name: string) => {
    if (keys.has(name)) found.push(`${rel}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${name}`);
  };
  // `export const ISLAND_NAMES = [...] as const`: the list of the islands' modules.
  const isIslandList = (list: ts.ArrayLiteralExpression): boolean => {
    let p: ts.Node = list.parent;
    while (ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isParenthesizedExpression(p)) p = p.parent;
    return ts.isVariableDeclaration(p) && p.name.getText(src) === 'ISLAND_NAMES';
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const firstArgOf = (fn: string) => ts.isCallExpression(parent) && parent.arguments[0] === node && parent.expression.getText(src) === fn;
      const isRouteUrl = firstArgOf('route');
      const isIslandName = firstArgOf('island') || (ts.isArrayLiteralExpression(parent) && isIslandList(parent));
      const isMarkup = ts.isJsxAttribute(parent) && /^(className$|aria-)/.test(parent.name.getText(src));
      const isImport = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent);
      if (!isRouteUrl && !isIslandName && !isMarkup && !isImport) hit(node, node.text);
    } else if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
      hit(node.name, node.name.text);
    } else if (ts.isPropertyAccessExpression(node) && node.expression.getText(src) === 'resourceByKey') {
      hit(node.name, node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

describe('group keys', () => {
  it('are named only by the declarations (content/resources), demo data and migrations', () => {
    const keys = new Set(resources.map((r) => r.key));
    const named = SCANNED.flatMap(files)
      .filter((f) => /\.tsx?$/.test(f) && !SKIPPED.some((re) => re.test(f)))
      .flatMap((f) => groupKeysNamed(f, keys));
    const unexpected = named.filter((n) => !ALLOWED.includes(n.replace(/:\d+:/, ':')));
    expect(unexpected).toEqual([]);
    // The allowed ones are still there (else the list above should shrink).
    for (const a of ALLOWED) expect(named.map((n) => n.replace(/:\d+:/, ':'))).toContain(a);
  });

  it('a key written outside a declaration is found', () => {
    const keys = new Set(resources.map((r) => r.key));
    const dir = path.join(ROOT, '.tmp');
    const probe = path.join('.tmp', 'group-key-probe.ts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(ROOT, probe), "const PAGE = { faqs: 20 };\nexport const x = PAGE.faqs === 20 ? 'event' : resourceByKey.blog;\n// 'cases' in a comment\n");
    expect(groupKeysNamed(probe, keys).map((n) => n.replace(/^[^:]+:/, ''))).toEqual(['1: faqs', '2: event', '2: blog']);
    // A public component: a page's rows listed by key are found; an island's name and markup words are not keys.
    const tsx = path.join('.tmp', 'group-key-probe.tsx');
    writeFileSync(
      path.join(ROOT, tsx),
      [
        "export const pageRows = { blog: (id: number) => [['blog', id]], event: (id: number) => [['event', id]] };",
        "export const ISLAND_NAMES = ['faqs', 'ads'] as const;",
        "export const Faqs = island('faqs', View);",
        'export const V = () => <div className="partners" aria-roledescription="carousel" data-group="cases" />;',
      ].join('\n'),
    );
    expect(groupKeysNamed(tsx, keys).map((n) => n.replace(/^[^:]+:/, ''))).toEqual(['1: blog', '1: blog', '1: event', '1: event', '4: cases']);
  });
});
