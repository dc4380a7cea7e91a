import fs from 'node:fs';
import path from 'node:path';
import { withVariablesTable } from '../../server/config/docTable';

/** `npm run docs:config`: docs/configuration.md's table of the server's variables, written from their schema. */
const file = path.resolve(import.meta.dirname, '../../docs/configuration.md');
const before = fs.readFileSync(file, 'utf8');
const after = withVariablesTable(before);
fs.writeFileSync(file, after);
console.log(after === before ? 'docs/configuration.md: unchanged' : 'docs/configuration.md: table written');
