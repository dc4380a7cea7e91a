import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from './codeIndex';
import { linkProblem } from './docLinks';

/**
 * What the code, the tests and the docs cite must be in the repository, where a newcomer who clones it can read it:
 * a guide's section by its anchor (`docs/spec.md#constants`), never a brief or a note kept outside.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TEXT_FILE = /\.(ts|tsx|mts|mjs|cjs|js|css|html|md|json|ya?ml|sh)$/;
/** A document named in capitals (`README.md`): one of that name must be in the repository. */
const CAPITALS_DOC = /\b[A-Z][A-Z_-]*\.md\b/g;
/** A section cited by its number, as a brief kept outside the repository numbered them; ours have anchors. */
const NUMBERED_SECTION = /\bspec(?:'s)?\s*\u00a7/i;
/** `docs/page.md`, `docs/spec.md#the-machine-card`: a guide or a decision, from the repository's root. */
const CITATION = /\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g;

const files = listFiles(ROOT).filter((file) => TEXT_FILE.test(file) && file !== 'package-lock.json');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('citations', () => {
  it('cite no document that is not in the repository', () => {
    expect(files.length).toBeGreaterThan(500);
    const names = new Set(files.map((file) => path.basename(file)));
    const outside = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(CAPITALS_DOC)].some(([name]) => !names.has(name)) || NUMBERED_SECTION.test(line)
            ? [`${file}:${i + 1}: ${line}`]
            : [],
        ),
    );
    expect(outside).toEqual([]);
  });

  it('lead to a guide and a heading that exist', () => {
    const cited = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(CITATION)].map((match) => ({ file, line: i + 1, target: match[0] }))),
    );
    expect(cited.filter(({ target }) => target.startsWith('docs/spec.md#')).length).toBeGreaterThan(40);
    const broken = cited.flatMap(({ file, line, target }) => {
      const problem = linkProblem(ROOT, 'README.md', target);
      return problem === null ? [] : [`${file}:${line} (${target}): ${problem}`];
    });
    expect(broken).toEqual([]);
  });
});
