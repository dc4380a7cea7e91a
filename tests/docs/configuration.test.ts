import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withVariablesTable } from '../../server/config/docTable';
import { VARIABLES } from '../../server/config/variables';

const DOC = path.resolve(import.meta.dirname, '../../docs/configuration.md');

describe('docs/configuration.md', () => {
  const doc = fs.readFileSync(DOC, 'utf8');

  it('lists every variable of the schema and no other, in its order', () => {
    const section = doc.slice(doc.indexOf('## The server'), doc.indexOf('## The page'));
    const named = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map(([, name]) => name);
    expect(named).toEqual(Object.values(VARIABLES).map((variable) => variable.name));
  });

  it('holds the table the schema writes: each default, limit and meaning as declared (npm run docs:config)', () => {
    expect(doc).toBe(withVariablesTable(doc));
  });
});
