import { existsSync } from 'node:fs';
import path from 'node:path';

/** The built page these tests check; `npm test` builds it first. */
export const DIST = path.resolve(import.meta.dirname, '../../dist');

if (!existsSync(path.join(DIST, 'index.html')))
  throw new Error(`No built page in ${DIST}: run \`npm run build\` first`);
