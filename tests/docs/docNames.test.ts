import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesNamedBy, LIBRARY_NAMES, problemWith } from './checkName';
import { buildCodeIndex, readCode } from './codeIndex';
import { linkProblem, readLinks } from './docLinks';
import { readSpans } from './docSpans';

const ROOT = path.resolve(import.meta.dirname, '../..');
const index = buildCodeIndex(ROOT);
const readDoc = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const DOCS = index.files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file)).sort();
const DECISIONS = DOCS.filter((doc) => /^docs\/decisions\/\d{4}-/.test(doc));
/** The newcomer's guide; a guide of docs/ (split by topic when it grows); a decision: a page, about 600 words. */
const README_MAX_BYTES = 12_000;
const GUIDE_MAX_BYTES = 15_000;
const DECISION_MAX_CHARACTERS = 4_000;

/** A record's first line under its title says whether it is superseded; the index's status must say the same. */
function statusAgrees(firstLine: string, status: string): boolean {
  const superseded = /^Superseded by \[?(\d{4})/.exec(firstLine);
  if (superseded) return status.startsWith(`superseded by ${superseded[1]}`);
  if (/^Partly superseded/.test(firstLine)) return status.includes('partly superseded');
  return /^Status: accepted/.test(firstLine) && status.startsWith('accepted');
}

describe('names quoted in the docs', () => {
  it.each(DOCS)('%s names only files and code that exist, each name in the files it names', (doc) => {
    const spans = readSpans(ROOT, doc);
    const quotedIn = new Map<number | null, string[]>();
    for (const { block, text } of spans) quotedIn.set(block, [...(quotedIn.get(block) ?? []), text]);
    // A diagram's lines are no passage: its names are checked against the whole code.
    const scopes = new Map(
      [...quotedIn].map(([block, quoted]) => [block, block === null ? [] : filesNamedBy(quoted, index)]),
    );
    const problems = spans.flatMap(({ line, text, block }) => {
      const problem = problemWith(text, index, ROOT, scopes.get(block));
      return problem === null ? [] : [`${doc}:${line} \`${text}\`: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it('has no library name that no doc quotes any more', () => {
    const everyQuote = DOCS.flatMap((doc) => readSpans(ROOT, doc).map(({ text }) => text)).join('\n');
    expect([...LIBRARY_NAMES].filter((name) => !everyQuote.includes(name))).toEqual([]);
  });

  it('lists every decision record in the index, with the status its first line gives', () => {
    const rows = readDoc('docs/decisions/README.md').split('\n');
    expect(DECISIONS.length).toBeGreaterThan(30);
    const wrong = DECISIONS.flatMap((doc) => {
      const file = path.basename(doc);
      const status =
        rows
          .find((row) => row.includes(`](${file})`))
          ?.split('|')
          .at(-2)
          ?.trim() ?? '(no row)';
      const firstLine =
        readDoc(doc)
          .split('\n')
          .slice(1)
          .find((line) => line.trim() !== '') ?? '';
      return statusAgrees(firstLine, status) ? [] : [`${file}: "${firstLine}", index: "${status}"`];
    });
    expect(wrong).toEqual([]);
  });

  it('lists every environment variable the server reads in docs/configuration.md', () => {
    const configuration = readDoc('docs/configuration.md');
    const serverCode = index.files.filter((file) => /^server\/.*\.ts$/.test(file) && !file.endsWith('.test.ts'));
    // Read as env.NAME, or declared in server/config/variables.ts as integer('NAME', ...) and the like.
    const reads = /\benv\.([A-Z][A-Z0-9_]*)|\b(?:integer|text|filePath|flag|optional|custom)\('([A-Z][A-Z0-9_]*)'/g;
    const read = new Set(serverCode.flatMap((file) => [...readDoc(file).matchAll(reads)]));
    const names = [...read].map((match) => match[1] ?? match[2] ?? '');
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('names in test titles', () => {
  /** A title that opens with a name of the code: `checkMachineEdit refuses…`, `MachineCard:` (not `MapLibre's`). */
  const OPENING_NAME = /^(_*[a-z$][a-z0-9$]*[A-Z][\w$]*|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:\(\))?(?=[\s:]|$)/;

  it('opens a title with a name only when its test file uses that name', () => {
    const tests = index.files.filter((file) => /\.test\.tsx?$/.test(file));
    expect(tests.length).toBeGreaterThan(100);
    const opened = tests.flatMap((file) => {
      const { names, titles } = readCode(readDoc(file));
      return titles.flatMap((title) => {
        const name = OPENING_NAME.exec(title)?.[1];
        return name === undefined ? [] : [{ file, title, used: names.has(name) }];
      });
    });
    expect(opened.length).toBeGreaterThan(50);
    const stale = opened.filter(({ used }) => !used).map(({ file, title }) => `${file}: '${title}'`);
    expect(stale).toEqual([]);
  });
});

describe('the guides a newcomer reads first', () => {
  it('keeps the README within 12 KB and each guide within 15 KB', () => {
    const guides = DOCS.filter((doc) => doc.startsWith('docs/') && !DECISIONS.includes(doc));
    expect(guides.length).toBeGreaterThan(10);
    const over = [
      ...(Buffer.byteLength(readDoc('README.md')) > README_MAX_BYTES ? ['README.md'] : []),
      ...guides.filter((doc) => Buffer.byteLength(readDoc(doc)) > GUIDE_MAX_BYTES),
    ];
    expect(over).toEqual([]);
  });

  it('keeps each decision record within a page', () => {
    expect(DECISIONS.length).toBeGreaterThan(30);
    expect(DECISIONS.filter((doc) => [...readDoc(doc)].length > DECISION_MAX_CHARACTERS)).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken = DOCS.flatMap((doc) =>
      readLinks(ROOT, doc).flatMap(({ line, target }) => {
        const problem = linkProblem(ROOT, doc, target);
        return problem === null ? [] : [`${doc}:${line} (${target}): ${problem}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('has no dates or commit hashes in the README: they belong to commits and decision records', () => {
    const readme = readDoc('README.md');
    expect(readme.match(/\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d UTC\b/g)).toBeNull();
    expect(readme.match(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g)).toBeNull();
  });
});
