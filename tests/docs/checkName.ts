import fs from 'node:fs';
import path from 'node:path';
import type { CodeIndex } from './codeIndex';

/**
 * Library and platform names the docs may quote although no code of this repository uses them: what a decision
 * weighed against what it chose, or what it replaced. Keep it short; a test fails on an entry no doc quotes.
 */
export const LIBRARY_NAMES = new Set<string>([
  'DataFilterExtension', // deck.gl's filter extension, which the size column replaced (decision 0026)
  'FST_ERR_BAD_URL', // Fastify's code for a malformed URL, which the router answered before the app's handler did
  'targetOrigin', // window.postMessage's second parameter (docs/embedding.md)
]);

const CODE_EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|html|sh)$/;
/** With a folder, a picture or a CI file is a path too; alone, `a.png` is as likely an example of a name. */
const FILE_EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|html|sh|svg|png|ya?ml)$/;
/** Made by a build or at run time, never in the repository: `dist/`, `data/rvm.sqlite`, a hashed chunk's name. */
const NOT_IN_REPOSITORY = /^(dist|dist-server|dist-sourcemaps|bench\/dist|data|tests\/\.artifacts|node_modules)(\/|$)/;
const HASHED_BUILD_FILE = /-[\w-]{8}\.(js|css|woff2)$/;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const CAMEL = /^_*[a-z$][a-z0-9$]*[A-Z][\w$]*$/;
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** `_dataDiff`; not `__proto__`, a name of the language. */
const PRIVATE = /^_+[a-zA-Z][\w$]*[a-zA-Z0-9]$/;
const CALL = /^([A-Za-z_$][\w$.]*)\(([\s\S]*)\)$/;
/** `IconLayer<Machine>`: the code must write the type so; `FromSchema<typeof X>` is a pattern, not checked. */
const GENERIC = /^[\w$.]+<[\w$.]+(?:, ?[\w$.]+)*>$/;
/** `interleaved: false`: a prop and its value as the code writes them (not a header such as `Origin: null`). */
const PROP_VALUE = /^([a-z_$][\w$]*)\??: ('[^']*'|"[^"]*"|true|false|null|-?\d[\d_.]*)$/;
const PROP_PAIRS = /([A-Za-z_$][\w$]*): ('[^']*'|"[^"]*"|true|false|null|-?\d[\d_.]*)/g;

/**
 * Why a quoted name does not match the code, or null when it does or is not a name of the code at all. `scope` is
 * the code files the passage names (`filesNamedBy`): a name the code declares must then be in one of them.
 */
export function problemWith(
  quoted: string,
  index: CodeIndex,
  root: string,
  scope: readonly string[] = [],
): string | null {
  const text = quoted.replace(/\s+/g, ' ').trim();
  if (looksLikePath(text, index)) return pathProblem(text, index, root);
  if (GENERIC.test(text)) return literalProblem(text, index);
  if (PROP_VALUE.test(text)) return literalProblem(text, index);
  const call = CALL.exec(text);
  if (call) {
    const callee = call[1] ?? '';
    const problems = [
      IDENTIFIER.test(callee) ? calledProblem(callee, index) : dottedProblem(callee, index),
      ...[...(call[2] ?? '').matchAll(PROP_PAIRS)].map((pair) => literalProblem(pair[0], index)),
      scopeProblem(callee.split('.')[0] ?? '', index, scope),
    ];
    return problems.find((problem) => problem !== null) ?? null;
  }
  if (/^[\w$]+(\.[\w$]+)+$/.test(text) && !/^\d/.test(text)) {
    return dottedProblem(text, index) ?? scopeProblem(text.split('.')[0] ?? '', index, scope);
  }
  if (IDENTIFIER.test(text)) return identifierProblem(text, index) ?? scopeProblem(text, index, scope);
  return null;
}

/** The code files a passage names: each file it quotes, and every file under each folder it quotes. */
export function filesNamedBy(quoted: readonly string[], index: CodeIndex): string[] {
  const named = new Set<string>();
  for (const text of quoted) {
    if (!looksLikePath(text, index)) continue;
    const bare = stripSuffixes(text).replace(/^\.\//, '');
    const pattern = new RegExp(`(^|/)${globToRegExp(bare.replace(/\/$/, ''))}${bare.endsWith('/') ? '/' : '(/|$)'}`);
    for (const file of index.namesIn.keys()) if (pattern.test(file)) named.add(file);
  }
  return [...named];
}

/** A name of ours (a binding the code declares) quoted beside files must be in one of them. */
function scopeProblem(name: string, index: CodeIndex, scope: readonly string[]): string | null {
  const looksLikeCode = CAMEL.test(name) || PASCAL.test(name) || UPPER_SNAKE.test(name) || PRIVATE.test(name);
  if (scope.length === 0 || !looksLikeCode || !index.declared.has(name)) return null;
  if (scope.some((file) => index.namesIn.get(file)?.has(name))) return null;
  const where = [...index.namesIn].filter(([, names]) => names.has(name)).map(([file]) => file);
  const shown = (files: readonly string[]) => files.slice(0, 3).join(', ') + (files.length > 3 ? ', …' : '');
  return `not in ${shown(scope)}, the files this passage names (it is in ${shown(where)})`;
}

function looksLikePath(text: string, index: CodeIndex): boolean {
  if (/[\s<>{}|=,;'"]/.test(text) || text.startsWith('/') || text.startsWith('../') || /^[a-z][\w+.-]*:/i.test(text)) {
    return false;
  }
  const bare = stripSuffixes(text);
  if (/^\.\w+$/.test(bare)) return false; // an extension alone: `.br`, `.ts`
  if (bare.split('/').some((part, i, parts) => /^\.{2,}$/.test(part) || (part === '' && i < parts.length - 1))) {
    return false; // `..`, `....//`: inputs tried against the server
  }
  if (CODE_EXTENSION.test(bare) || /^[@*]/.test(bare)) return true;
  if (!bare.includes('/')) return false;
  if (FILE_EXTENSION.test(bare)) return true;
  // `src/map`, `db/sqlite/`: a folder of ours; `10.0.0.0/8` and `image/png` are not paths.
  const first = bare.split('/')[0] ?? '';
  return bare.endsWith('/') || index.files.some((file) => file.startsWith(`${first}/`) || file.includes(`/${first}/`));
}

/** `file.ts:12`, `file.ts:12-20`, `file.mjs?raw` and `page.md#part` name the file. */
function stripSuffixes(text: string): string {
  return text.replace(/[?#].*$/, '').replace(/:\d+(-\d+)?$/, '');
}

function pathProblem(text: string, index: CodeIndex, root: string): string | null {
  const bare = stripSuffixes(text).replace(/^\.\//, '');
  if (NOT_IN_REPOSITORY.test(bare) || HASHED_BUILD_FILE.test(bare)) return null;
  const folder = bare.endsWith('/');
  const name = bare.replace(/\/$/, '');
  const pattern = new RegExp(`(^|/)${globToRegExp(name)}${folder ? '/' : '(/|$)'}`);
  if (index.files.some((file) => pattern.test(file))) return null;
  // A file of a package (`maplibre-gl/dist/maplibre-gl-worker.mjs`); a package's name alone is not checked.
  const packageName = name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');
  if (name === packageName && name.startsWith('@')) return null;
  if (name.includes('/') && isPackage(root, packageName)) {
    return isPackage(root, name) ? null : `no such file in the package ${packageName}`;
  }
  return folder ? 'no such folder' : 'no such file';
}

function isPackage(root: string, name: string): boolean {
  return ['node_modules', 'bench/node_modules'].some((modules) => fs.existsSync(path.join(root, modules, name)));
}

/** `*` a part of one name, `**` any folders, `…` anything, `(x)` an optional letter: `*.test.ts(x)`. */
function globToRegExp(glob: string): string {
  const part = (text: string) =>
    text
      .replace(/[.+^${}[\]\\|]/g, '\\$&')
      .replace(/\(([a-z])\)/g, '$1?')
      .replace(/\*/g, '[^/]*')
      .replace(/…/g, '.*');
  return glob.split('**/').map(part).join('(?:.*/)?');
}

function literalProblem(text: string, index: CodeIndex): string | null {
  const quotesAlike = (value: string) => value.replace(/"/g, "'");
  return quotesAlike(index.text).includes(quotesAlike(text)) ? null : 'not written so in the code';
}

function identifierProblem(name: string, index: CodeIndex): string | null {
  if (index.names.has(name) || LIBRARY_NAMES.has(name)) return null;
  if (UPPER_SNAKE.test(name)) return 'no such constant or variable in the code';
  return CAMEL.test(name) || PASCAL.test(name) || PRIVATE.test(name) ? 'not in the code' : null;
}

/** `something()`: a function the code declares, imports or calls (a library's method, an SQL function). */
function calledProblem(name: string, index: CodeIndex): string | null {
  if (index.names.has(name) || LIBRARY_NAMES.has(name)) return null;
  return new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}\\(`).test(index.text) ? null : 'not called in the code';
}

/**
 * `FeedList.edit`, `Engine.isBusyError`: each part that looks like code is checked. A name that starts with a
 * value (`map.redraw`, `window.innerHeight`) or a library's namespace (`Intl.PluralRules`) is left alone.
 */
function dottedProblem(dotted: string, index: CodeIndex): string | null {
  const [first = '', ...members] = dotted.split('.');
  if (!PASCAL.test(first) && !UPPER_SNAKE.test(first)) return null;
  const problem = identifierProblem(first, index);
  if (problem) return `${first}: ${problem}`;
  for (const member of members) {
    if ((CAMEL.test(member) || PASCAL.test(member)) && !index.names.has(member) && !LIBRARY_NAMES.has(member)) {
      return `${member}: not in the code`;
    }
  }
  return null;
}
