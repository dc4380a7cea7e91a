import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/operator/i18n/locales/en.json';
import {
  consoleOnlyFiles,
  CONSOLE_KEY,
  ENTRY_KEY,
  MAP_KEY,
  readManifest,
  staticClosure,
} from '../../scripts/bundle/manifest';
import { sourceMapsDirOf } from '../../scripts/vite/privateSourceMaps';
import { DIST } from './dist';

const manifest = readManifest(DIST);
const consoleOnly = consoleOnlyFiles(manifest);
const builtFiles = new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
const visitorFiles = [...builtFiles].filter((file) => !consoleOnly.has(file));
/** The modules a built file holds, by its source map (a few tiny chunks, such as the runtime, have none). */
function sourcesOf(file: string): string[] {
  const map = path.join(sourceMapsDirOf(DIST), `${file}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
}
const CONSOLE_SOURCES = /(^|\/)src\/operator\//;

describe("the operator console's chunks (issue 50)", () => {
  it('exist apart from the map page: the console, its texts in each language', () => {
    const files = [...consoleOnly];
    expect(files.some((file) => file === manifest[CONSOLE_KEY]?.file)).toBe(true);
    for (const locale of ['en', 'zht', 'zhs'])
      expect(files).toContain(manifest[`src/operator/i18n/locales/${locale}.json`]?.file);
  });

  it('hold every module of src/operator/ (the sign-in page in its login/), and no chunk a visitor can load holds one', () => {
    const scripts = visitorFiles.filter((file) => file.endsWith('.js'));
    expect(scripts).toContain(manifest[ENTRY_KEY]?.file);
    expect(scripts).toContain(manifest[MAP_KEY]?.file);
    for (const file of scripts)
      expect(
        sourcesOf(file).filter((s) => CONSOLE_SOURCES.test(s)),
        file,
      ).toEqual([]);
    const consoleSources = [...consoleOnly].filter((f) => f.endsWith('.js')).flatMap(sourcesOf);
    expect(consoleSources.filter((s) => CONSOLE_SOURCES.test(s)).length).toBeGreaterThan(30);
  });

  it("keep the console's texts out of the visitor's first chunk", () => {
    const first = staticClosure(manifest, ENTRY_KEY).scripts.map((file) => readFileSync(path.join(DIST, file), 'utf8'));
    for (const text of [en.console.title, en.login.intro, en.fleet.searchPlaceholder])
      expect(
        first.some((code) => code.includes(text)),
        text,
      ).toBe(false);
  });

  it("are left out of the service worker's precache", () => {
    const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
    expect(sw).toContain(manifest[ENTRY_KEY]!.file);
    for (const file of consoleOnly) expect(sw, file).not.toContain(file);
  });
});
