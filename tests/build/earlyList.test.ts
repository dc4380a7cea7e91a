import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_KEY, manifestEntry, readManifest } from '../../scripts/bundle/manifest';
import { EARLY_LIST_SCRIPT_HASH } from '../../server/security/csp';
import { DIST } from './dist';

const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text ?? '');

describe("the built index.html's early list call", () => {
  it('is its one inline script, exactly the text the server allows by its hash', () => {
    expect(inlineScripts).toHaveLength(1);
    const hash = createHash('sha256').update(inlineScripts[0]!).digest('base64');
    expect(EARLY_LIST_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it("comes before the page's script and style sheet, which it would otherwise wait for", () => {
    const at = html.indexOf('<script>');
    const main = manifestEntry(readManifest(DIST), ENTRY_KEY);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf(main.file));
    for (const css of main.css ?? []) expect(at).toBeLessThan(html.indexOf(css));
  });
});
