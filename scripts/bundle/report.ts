import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBudgetServer } from './budgetServer';
import { FIRST_SCREEN_BUDGET_BYTES, MAP_BUDGET_BYTES } from './budgets';
import { BUNDLE_STATS_FILE, readComposition, type PackageShare } from './composition';
import { measureBudgets, totalBytes, type Transfer } from './measure';

/** `npm run analyze`: builds with the analyser, then writes docs/bundle.md from the build and the real server. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const OUT = path.join(ROOT, 'docs/bundle.md');
const PACKAGES_PER_CHUNK = 12;

const n = (bytes: number): string => bytes.toLocaleString('en-US');
const row = (cells: (string | number)[]): string =>
  `| ${cells.map((c) => (typeof c === 'number' ? n(c) : c)).join(' | ')} |`;
const sizeOf = (file: string): number | null => {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
};

async function main(): Promise<void> {
  const server = await startBudgetServer(DIST);
  const budgets = await measureBudgets(server.app, DIST).finally(() => server.close());
  const composition = readComposition(BUNDLE_STATS_FILE);
  const firstScreen = totalBytes(budgets.firstScreen);
  const map = totalBytes(budgets.map);
  const where = (file: string): string => {
    if (budgets.firstScreen.some((t) => t.url === `/${file}`)) return 'before the list';
    if (budgets.map.some((t) => t.url === `/${file}`)) return 'map';
    return 'on demand';
  };

  const lines = [
    '# The bundle: what a visitor downloads',
    '',
    'Written by `npm run analyze` (a `vite build` with `rollup-plugin-visualizer`, then `scripts/bundle/report.ts`);',
    'do not edit by hand. Bytes as the server sends them to a browser that accepts Brotli: the build writes a `.br`',
    '(quality 11) and a `.gz` (level 9) of each text file, and the server sends those as they are; the list call is',
    'compressed once per list version. Fonts and images go as they are. The tests in `tests/build/budget.test.ts`',
    'check the budgets on every `npm test`. Why it is built this way: [decisions/0015](decisions/0015-bytes-for-a-phone.md) and [0019](decisions/0019-the-map-bytes-and-a-visitor-bench.md).',
    '',
    '## Budgets',
    '',
    row(['what', 'bytes', 'budget']),
    row(['---', '---:', '---:']),
    row([
      'before the Location List shows machines (English, desktop, demo data)',
      firstScreen,
      n(FIRST_SCREEN_BUDGET_BYTES),
    ]),
    row([
      'the map: its chunk (MapLibre’s worker inside it), the chunks and style only it imports',
      map,
      n(MAP_BUDGET_BYTES),
    ]),
    '',
    '### Before the Location List shows machines',
    '',
    ...transferTable(budgets.firstScreen),
    '',
    '### The map',
    '',
    'The map’s chunks and style sheet are named in `index.html` as `modulepreload` / `preload` links, so they',
    'download from the first moment alongside the files above. MapLibre’s worker carries most of MapLibre’s code a',
    'second time: it travels inside the map chunk, where Brotli sends what the two share once, and starts from there',
    'as the chunk runs ([decisions/0027](decisions/0027-the-worker-inside-the-map-chunk.md)).',
    '',
    ...transferTable(budgets.map),
    '',
    '## Every script and style sheet',
    '',
    'Raw, Brotli and gzip bytes of each file in `dist/assets/`; the CJK font style sheets load only for a Chinese',
    'interface, the opening-hours parser when a card or the "Open now" filter needs it.',
    '',
    row(['file', 'raw', 'Brotli', 'gzip', 'loaded']),
    row(['---', '---:', '---:', '---:', '---']),
    ...readdirSync(path.join(DIST, 'assets'))
      .filter((name) => /\.(m?js|css)$/.test(name))
      .map((name) => {
        const file = path.join(DIST, 'assets', name);
        const raw = statSync(file).size;
        return { name, raw, br: sizeOf(`${file}.br`) ?? raw, gz: sizeOf(`${file}.gz`) ?? raw };
      })
      .sort((a, b) => b.br - a.br)
      .map((f) => row([`\`${f.name}\``, f.raw, f.br, f.gz, where(`assets/${f.name}`)])),
    '',
    '## What the chunks are made of',
    '',
    `Minified bytes per package, from the analyser (source maps), before compression; the ${PACKAGES_PER_CHUNK} largest`,
    'of each chunk over 20 KB.',
    '',
    ...[...composition]
      .map(([chunk, shares]) => ({ chunk, shares, total: shares.reduce((sum, share) => sum + share.bytes, 0) }))
      .filter(({ total }) => total > 20_000)
      .sort((a, b) => b.total - a.total)
      .flatMap(({ chunk, shares, total }) => chunkTable(chunk, shares, total)),
  ];
  writeFileSync(OUT, lines.join('\n'));
  console.log(`wrote ${path.relative(ROOT, OUT)}: first screen ${n(firstScreen)} bytes, map ${n(map)} bytes`);
}

function transferTable(transfers: readonly Transfer[]): string[] {
  return [
    row(['request', 'bytes', 'encoding']),
    row(['---', '---:', '---']),
    ...transfers.map((t) => row([`\`${t.url}\``, t.bytes, t.encoding])),
    row(['**total**', `**${n(totalBytes(transfers))}**`, '']),
  ];
}

function chunkTable(chunk: string, shares: readonly PackageShare[], total: number): string[] {
  const shown = shares.slice(0, PACKAGES_PER_CHUNK);
  const rest = total - shown.reduce((sum, share) => sum + share.bytes, 0);
  return [
    `### \`${path.basename(chunk)}\` (${n(total)} bytes minified)`,
    '',
    row(['package', 'bytes', 'share']),
    row(['---', '---:', '---:']),
    ...shown.map((share) => row([share.name, share.bytes, `${((100 * share.bytes) / total).toFixed(1)}%`])),
    ...(rest > 0 ? [row([`${shares.length - shown.length} more`, rest, `${((100 * rest) / total).toFixed(1)}%`])] : []),
    '',
  ];
}

await main();
