/**
 * `npm run build:page`'s second step, after `vite build`: the built page's text files compressed at the highest
 * level (precompress.ts). Apart from the bundler, whose plugins would hold the build for the half minute it takes.
 */
import path from 'node:path';
import { precompressDir } from './precompress';

const DIST = path.resolve(import.meta.dirname, '../..', process.argv[2] ?? 'dist');
const started = performance.now();
const files = await precompressDir(DIST);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${files.length} files of ${path.relative(process.cwd(), DIST)} compressed (Brotli, gzip) in ${seconds} s`);
