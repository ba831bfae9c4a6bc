/**
 * The decision records stay easy to read (docs/decisions/README.md): every record has a date, a status and
 * the three sections; the index lists every record with the record's own status; code comments cite
 * decisions or the spec, never an issue number.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'docs/decisions');
const records = readdirSync(dir)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .sort();

function statusOf(text: string): string | undefined {
  return /^- Status: (.+)$/m.exec(text)?.[1];
}

describe('decision records', () => {
  it('has records to check', () => {
    expect(records.length).toBeGreaterThan(30);
  });

  it.each(records)('%s has a date, a status, context, decision and consequences', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text, 'a "# title" first line').toMatch(/^# \S/);
    expect(text, 'a "- Date: YYYY-MM-DD" line').toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    expect(statusOf(text), 'a "- Status: …" line').toMatch(/^(accepted|proposed|superseded|deprecated)\b/);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections.slice(0, 3)).toEqual(['Context', 'Decision', 'Consequences']);
    for (const part of text.split(/^## .+$/m).slice(1)) expect(part.trim().length).toBeGreaterThan(20);
  });

  it('the index lists every record once, with its status, and nothing else', () => {
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const rows = index
      .split('\n')
      .filter((line) => /^\| \[\d{4}\]/.test(line))
      .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    const files = rows.map((cells) => /\]\(([^)]+)\)/.exec(cells[1])?.[1]);
    expect(files).toEqual(records);
    for (const cells of rows) {
      const file = /\]\(([^)]+)\)/.exec(cells[1])?.[1] ?? '';
      expect(file.startsWith(/\[(\d{4})\]/.exec(cells[1])?.[1] ?? '-')).toBe(true);
      expect(cells[3].replaceAll('\\|', '|'), file).toBe(statusOf(readFileSync(join(dir, file), 'utf8')));
      expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

/** Every source file of the project (what the typecheck, the lint and the build read). */
function sources(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'build' || name === 'dist') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mts|mjs|js|css|sql)$/.test(name)) out.push(path);
  }
  return out;
}

describe('code comments cite decisions or the spec', () => {
  it('no comment names an issue number', () => {
    const folders = ['server', 'app', 'content', 'scripts', 'tests', 'db'].map((f) => join(root, f));
    const offenders: string[] = [];
    const issue = /\bissues? ?#?\d+/i;
    for (const file of folders.flatMap((f) => {
      try {
        return sources(f);
      } catch {
        return [];
      }
    })) {
      if (file.endsWith('decisions.test.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (issue.test(line)) offenders.push(`${file.replace(root, '')}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees a comment that names an issue', () => {
    expect(/\bissues? ?#?\d+/i.test('// Intake (issue 15): slots')).toBe(true);
  });
});
