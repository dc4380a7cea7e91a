import fs from 'node:fs';
import path from 'node:path';

/** What the docs' names are checked against: the repository's files and the names its code uses. */
export interface CodeIndex {
  /** Every file of the repository (relative, `/`-separated), without dependencies, build output and run-time data. */
  files: string[];
  /**
   * Every name the code declares, imports or uses, outside comments; and each string literal that is one name
   * (`'RVM_DB'`, `'badRequest'`, `'onRoute'`: environment variables, error keys, hook names), but not a test's
   * title: a title keeps a name a rename left behind.
   */
  names: Set<string>;
  /** The names of `names`, file by file: what a passage that names a file may quote from it. */
  namesIn: Map<string, Set<string>>;
  /** The bindings the code declares (function, class, interface, type, enum, const, let, var): ours to rename. */
  declared: Set<string>;
  /** The code without comments, whitespace collapsed: for spans quoted as written, such as `interleaved: false`. */
  text: string;
}

/** Folders of code whose names the docs may quote; the configuration files at the top count too. */
const CODE_ROOTS = ['src', 'server', 'shared', 'scripts', 'tests', 'testkit', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|cjs|js)$/;
/** This checker's own code quotes names from the docs: it must not vouch for them. */
const CHECKER = 'tests/docs/';
/** Dependencies, build output and run-time data, wherever they are made: not the repository's own files. */
const NOT_OURS = new Set([
  'node_modules',
  'dist',
  'dist-server',
  'dist-sourcemaps',
  'data',
  'coverage',
  '.git',
  '.artifacts',
]);

const STRING_OR_COMMENT = /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const NAME = /[A-Za-z_$][\w$]*/g;
const ONE_NAME = /^[A-Za-z_$][\w$]*$/;
/** `describe(`, `it.each(rows)(`, `test.skipIf(x)(`: what comes right before a test's title. */
const BEFORE_TITLE = /\b(?:describe|it|test)(?:\.\w+)*(?:\([^()]*\))?\(\s*$/;
const DECLARATION = /\b(?:function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/g;

export function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (NOT_OURS.has(entry.name)) continue;
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else files.push(relative);
    }
  };
  walk('');
  return files;
}

/** The file's code with comments removed and its strings kept, the names it uses, and each test title in it. */
export function readCode(source: string): {
  withoutComments: string;
  code: string;
  names: Set<string>;
  titles: string[];
} {
  const names = new Set<string>();
  const titles: string[] = [];
  const withoutComments = source.replace(STRING_OR_COMMENT, (_match, literal: string | undefined, offset: number) => {
    if (literal === undefined) return ' ';
    const content = literal.slice(1, -1);
    if (BEFORE_TITLE.test(source.slice(Math.max(0, offset - 120), offset))) titles.push(content);
    else if (ONE_NAME.test(content)) names.add(content);
    return literal;
  });
  // The names the code uses are read with its strings blanked, so that no word of a message counts.
  const code = withoutComments.replace(STRING_OR_COMMENT, ' ');
  for (const match of code.matchAll(NAME)) names.add(match[0]);
  return { withoutComments, code, names, titles };
}

export function buildCodeIndex(root: string): CodeIndex {
  const files = listFiles(root);
  const codeFiles = files.filter(
    (file) =>
      CODE_FILE.test(file) &&
      !file.startsWith(CHECKER) &&
      (!file.includes('/') || CODE_ROOTS.includes(file.split('/')[0] ?? '')),
  );
  const names = new Set<string>();
  const namesIn = new Map<string, Set<string>>();
  const declared = new Set<string>();
  const texts: string[] = [];
  for (const file of codeFiles) {
    const read = readCode(fs.readFileSync(path.join(root, file), 'utf8'));
    namesIn.set(file, read.names);
    for (const name of read.names) names.add(name);
    for (const match of read.code.matchAll(DECLARATION)) declared.add(match[1] ?? '');
    texts.push(read.withoutComments.replace(/\s+/g, ' '));
  }
  return { files, names, namesIn, declared, text: texts.join('\n') };
}
