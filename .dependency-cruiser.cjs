/**
 * The import rules of docs/architecture.md, checked by `npm run lint:deps` (part of `npm test`).
 * There are no exceptions: a rule that no longer fits is changed here and in the document together.
 */

/**
 * The page's rooms from the top down: a room imports only rooms below it (and itself). The order among
 * rooms of one band that do not import each other is a choice, written down so that it stays one way.
 */
const LAYERS = [
  // app: start-up and the screens
  ['main', '^src/main\\.tsx$'],
  ['App', '^src/App\\.tsx$'],
  ['appApi', '^src/appApi\\.ts$'],
  ['layout', '^src/layout/'],
  // the operator console and its sign-in page: one lazy chunk of their own, above the features they reuse
  ['operator', '^src/operator/'],
  // features: components, hooks and the atoms they own
  ['share', '^src/share/'],
  ['map', '^src/map/'],
  ['list', '^src/list/'],
  ['card', '^src/card/'],
  ['filters', '^src/filters/'],
  ['nearby', '^src/nearby/'],
  ['kiosk', '^src/kiosk/'],
  ['live', '^src/live/'],
  ['offline', '^src/offline/'],
  ['legend', '^src/legend/'],
  ['openNow', '^src/openNow/'],
  ['freshness', '^src/freshness/'],
  ['embed', '^src/embed/'],
  ['settings', '^src/settings/'],
  ['messages', '^src/messages/'],
  ['router', '^src/router/'],
  ['selection', '^src/selection/'],
  // the machine list: its atoms over the domain's pure functions
  ['machines', '^src/machines/'],
  // base: what every feature may use
  ['api', '^src/api/'],
  ['clock', '^src/clock/'],
  ['pageLoad', '^src/pageLoad/'],
  ['i18n', '^src/i18n/'],
  ['ui', '^src/ui/'],
  ['theme', '^src/theme\\.ts$'],
  ['runtimeConfig', '^src/runtimeConfig(\\.test)?\\.ts$'],
  ['testHooks', '^src/testHooks(\\.test)?\\.ts$'],
  ['config', '^src/config\\.ts$'],
  ['store', '^src/store\\.ts$'],
  ['page assets', '^src/(global\\.css|mantineStyles\\.css|vite-env\\.d\\.ts)$'],
  // shared with the server
  ['shared', '^shared/'],
];

const anyOf = (patterns) => patterns.map((p) => `(${p})`).join('|');

/**
 * The console's folders (src/operator/<folder>/) that other folders may use, from the top down: a folder imports
 * no folder of its own band or above. Every other folder is a page's own (the registry, consolePages.tsx, shows
 * it): it imports nothing of another page's folder, only the folders here. The console's root files (the shell,
 * the registry, the pieces every page uses) are no folder.
 */
const CONSOLE_BANDS = [
  // a machine's page shows its history and its photo
  ['history', 'photo'],
  // the fleet: its page, and the console's machines, which a machine's page and its photo read and write
  ['fleet'],
  // the alerts open now, which the fleet counts and the alerts page lists
  ['openAlerts'],
  // the open problem reports' counts, which the fleet and a machine's page show and the Reports page refreshes
  ['reportCounts'],
  // one-time codes and their calls, which the sign-in, the people and the sign-in security pages use
  ['factors'],
  // the service levels' calls and formats, which the Service page and the crew's run share
  ['serviceLevels'],
  // the list kit and the dialogs several pages share; the session and its API client; the texts
  ['kit'],
  ['session'],
  ['i18n'],
];
const CONSOLE_SHARED = CONSOLE_BANDS.flat();
const consoleFolders = (names) => `^src/operator/(${names.join('|')})/`;

/** One rule for the pages' folders, one per band: each imports only its own folder and the bands below it. */
const consoleFolderRules = () => [
  {
    name: 'console-pages-apart',
    comment:
      "a page's folder of the console imports nothing of another page's folder, only itself and the folders of CONSOLE_BANDS",
    severity: 'error',
    from: { path: '^src/operator/([^/]+)/' },
    to: { path: '^src/operator/[^/]+/', pathNot: anyOf(['^src/operator/$1/', consoleFolders(CONSOLE_SHARED)]) },
  },
  ...CONSOLE_BANDS.map((band, i) => ({
    name: `console-band-${band.join('-')}`,
    comment: `${band.join(', ')} import${band.length === 1 ? 's' : ''} no folder of the console of ${band.length === 1 ? 'its' : 'their'} band or above (CONSOLE_BANDS)`,
    severity: 'error',
    from: { path: consoleFolders(band) },
    to: {
      path: consoleFolders(CONSOLE_BANDS.slice(0, i + 1).flat()),
      pathNot: '^src/operator/$1/',
    },
  })),
];

/**
 * The server's floors from the top down, as the page's rooms above: a floor imports only floors below it (and
 * itself). The engines' folders import neither each other (rule server-engines-apart).
 */
const SERVER_LAYERS = [
  // commands and the app: start a process, wire the server
  ['commands', '^server/(main|import|backup|copyToPostgres|user)\\.ts$'],
  // what the commands show on a terminal
  ['cli', '^server/cli/'],
  ['app', '^server/app\\.ts$'],
  // routes: one file per route
  ['routes', '^server/routes/'],
  // HTTP: compression, ETags, the list body, the error form; the headers and tokens of every answer; what
  // Prometheus reads of the server
  ['http', '^server/http/'],
  ['security', '^server/security/'],
  ['metrics', '^server/metrics/'],
  // features: alerting, following the feed, live events, importing, retention, visitors' problem reports
  ['alerting', '^server/alerting/'],
  ['feed', '^server/feed/'],
  ['live', '^server/live/'],
  ['importing', '^server/importing/'],
  ['retention', '^server/retention/'],
  ['service', '^server/service/'],
  ['reports', '^server/reports/'],
  // sign-in, sessions and accounts over the engine's stores
  ['auth', '^server/auth/'],
  // storage: the engine a configuration asks for, the two engines, the interface they implement
  ['openEngine', '^server/db/openEngine\\.ts$'],
  ['sqlite', '^server/db/sqlite/'],
  ['pg', '^server/db/pg/'],
  // one store per resource over the executor, for both engines (decision 0075)
  ['stores', '^server/db/stores/'],
  ['engine', '^server/db/(?!openEngine\\.ts$)[^/]+$'],
  // domain: plain rules, no database and no HTTP
  ['alerts', '^server/alerts/'],
  ['machines', '^server/machines/'],
  ['accounts', '^server/accounts/'],
  ['files', '^server/files/'],
  ['config', '^server/config((\\.test)?\\.ts$|/)'],
  ['buildInfo', '^server/buildInfo\\.ts$'],
  ['errors', '^server/errors(\\.test)?\\.ts$'],
  ['progress', '^server/progress\\.ts$'],
];
const SERVER_DOMAIN = anyOf([
  '^server/alerts/',
  '^server/machines/',
  '^server/accounts/',
  '^server/files/',
  '^server/(config|errors|progress)(\\.test)?\\.ts$',
  '^server/config/',
  '^server/buildInfo\\.ts$',
]);
const DATABASE_LIBRARIES = 'node_modules/(better-sqlite3|pg|pg-[^/]+)/';
const HTTP_LIBRARIES = 'node_modules/(fastify|@fastify/[^/]+)/';

/** One rule per layer but the first: it imports none of the layers above it. */
const layerRules = (layers, prefix) =>
  layers.slice(1).map(([name, path], i) => ({
    name: `${prefix}${name}`,
    comment: `${name} is below ${layers
      .slice(0, i + 1)
      .map(([n]) => n)
      .join(', ')}: it imports none of them (docs/architecture.md)`,
    severity: 'error',
    from: { path },
    to: { path: anyOf(layers.slice(0, i + 1).map(([, p]) => p)) },
  }));

/**
 * What the benchmark workspace (bench/) may import from the page: its test hooks, the parts of the map screen
 * and the atoms they read, the spec's constants and the pure modules the unit-level benchmarks time. A module
 * added here is a choice, written down; everything else in src/ is the page's own business.
 */
const BENCH_SURFACE = [
  // the page's test hooks: when a frame with the markers was drawn
  '^src/testHooks\\.ts$',
  '^src/map/drawnFrames\\.ts$',
  // the map screen as the page draws it (without its list call, address bar and live stream), its theme and
  // styles, and the atoms the bench sets
  '^src/(theme\\.ts|global\\.css)$',
  '^src/layout/MapScreenView\\.tsx$',
  // the map chunk, fetched as the stage starts, as the page's index.html preloads it
  '^src/map/MapView\\.tsx$',
  '^src/machines/machinesAtom\\.ts$',
  '^src/filters/filterAtoms\\.ts$',
  // the spec's constants and rules, which the alternative pages follow too
  '^src/config\\.ts$',
  '^src/machines/displayState\\.ts$',
  '^src/legend/markerImages\\.ts$',
  '^src/map/(basemapStyle|bounds)\\.ts$',
  // the pure modules the unit-level benchmarks (filter-node, live-node) time
  '^src/filters/(filterResult|textSearch)\\.ts$',
  '^src/machines/(searchIndex|packedMachines|repackMachines|machineRows|feedList)\\.ts$',
  // the operator console's fleet table: its rows, sort and filter (fleet-node)
  '^src/operator/fleet/(fleetRow|fleetSort|fleetFilter)\\.ts$',
];

/**
 * The bench's folders from the top down, as the page's rooms above: a folder imports only folders below it (and
 * itself). The run record (record/) sits below everything that writes, reads or charts it.
 */
const BENCH_LAYERS = [
  ['bench-config', '^bench/(vite|vitest)\\.config\\.ts$'],
  ['bench-tests', '^bench/tests/'],
  // npm run bench: drives the page
  ['bench-harness', '^bench/harness/'],
  // the benchmark page and its charts
  ['bench-page', '^bench/page/'],
  ['bench-charts', '^bench/charts/'],
  // npm run bench:startup: a traced load read into phases, and its record, which the charts draw
  ['bench-trace', '^bench/trace/'],
  // the benches without the page: a visitor's load, the server under load, the pure modules in node
  ['bench-visitor', '^bench/visitor/'],
  ['bench-load', '^bench/load/'],
  ['bench-pure', '^bench/pure/'],
  // the console's fleet as the benches build it
  ['bench-console', '^bench/console/'],
  // what a run does and records, and the stage that does it
  ['bench-scenarios', '^bench/scenarios/'],
  ['bench-record', '^bench/record/'],
  ['bench-stage', '^bench/stage/'],
  ['bench-base', '^bench/(stats|machineInfo)\\.ts$'],
];

/** The bench workspace's own packages (bench/package.json): the page, the server and the tests never need them. */
const benchPackage = require('./bench/package.json');
const BENCH_PACKAGES = Object.keys({ ...benchPackage.dependencies, ...benchPackage.devDependencies }).map((name) =>
  name.replace(/^@types\//, ''),
);

/** File kinds (docs/page.md): components, hooks, atoms, start-up; every other .ts file is domain. */
const COMPONENT = '\\.tsx$';
const HOOK = '/use[A-Z][^/]*\\.ts$';
const ATOMS = 'Atoms?\\.ts$';
const START_UP = anyOf(['^src/(main|App)\\.tsx$', '^src/appApi\\.ts$', '^src/theme\\.ts$', '/start[A-Z][^/]*\\.ts$']);
const TEST = anyOf(['\\.test\\.tsx?$', '^tests/']);
const UI_LIBRARIES = 'node_modules/(react|react-dom|jotai|@mantine/[^/]+)/';
/** The library that makes TypeScript types of the contract's JSON Schemas (shared/contract/, decision 0035). */
const SCHEMA_TYPES = 'json-schema-to-ts';

module.exports = {
  forbidden: [
    ...layerRules(LAYERS, 'layer-'),
    ...layerRules(SERVER_LAYERS, 'server-layer-'),
    ...layerRules(BENCH_LAYERS, 'bench-layer-'),
    ...consoleFolderRules(),
    {
      name: 'bench-layer-unlisted',
      comment:
        'every file of the bench belongs to a folder of BENCH_LAYERS; a new folder is placed there and in docs/architecture.md',
      severity: 'error',
      from: { path: '^bench/', pathNot: anyOf(BENCH_LAYERS.map(([, p]) => p)) },
      to: {},
    },
    {
      name: 'console-is-lazy',
      comment:
        "the operator console and its sign-in page load only through App.tsx's dynamic import, never with the map page (decision 0047)",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/operator/' },
      to: { path: '^src/operator/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'layer-unlisted',
      comment: 'every file of the page belongs to a room of LAYERS; a new folder is placed there and in docs/page.md',
      severity: 'error',
      from: { path: '^src/', pathNot: anyOf(LAYERS.map(([, p]) => p)) },
      to: {},
    },
    {
      name: 'domain-is-pure',
      comment:
        'a domain file (a .ts file that is not a hook, an atom file or start-up code) imports no React, Jotai or Mantine and no component, hook or atom file',
      severity: 'error',
      from: { path: '^(src|shared)/', pathNot: anyOf([COMPONENT, HOOK, ATOMS, START_UP, TEST]) },
      to: { path: anyOf([UI_LIBRARIES, COMPONENT, HOOK, ATOMS]), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'atoms-have-no-ui',
      comment: 'an atom file imports no React or Mantine and no component or hook',
      severity: 'error',
      from: { path: ATOMS, pathNot: TEST },
      to: { path: anyOf(['node_modules/(react|react-dom|@mantine/[^/]+)/', COMPONENT, HOOK]) },
    },
    {
      name: 'shared-imports-nothing',
      comment:
        'shared/ is the floor both the server and the page stand on: it imports nothing but itself (and the types json-schema-to-ts makes of the contract, decision 0035)',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: anyOf(['^shared/', `node_modules/(vitest|fast-check|${SCHEMA_TYPES})/`]) },
    },
    {
      name: 'shared-takes-types-only',
      comment: 'json-schema-to-ts gives the contract its TypeScript types: imported for types only, it adds no byte',
      severity: 'error',
      from: { path: '^shared/', pathNot: TEST },
      to: { path: `node_modules/${SCHEMA_TYPES}/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-layer-unlisted',
      comment:
        'every file of the server belongs to a floor of SERVER_LAYERS; a new folder is placed there and in docs/server.md',
      severity: 'error',
      from: { path: '^server/', pathNot: anyOf(SERVER_LAYERS.map(([, p]) => p)) },
      to: {},
    },
    {
      name: 'server-layer-unlisted-import',
      comment: 'the server imports no file of its own that is on no floor of SERVER_LAYERS',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^server/', pathNot: anyOf(SERVER_LAYERS.map(([, p]) => p)) },
    },
    {
      name: 'server-engines-apart',
      comment: 'each engine is one folder: db/sqlite/ and db/pg/ import nothing of each other',
      severity: 'error',
      from: { path: '^server/db/(sqlite|pg)/' },
      to: { path: '^server/db/(sqlite|pg)/', pathNot: '^server/db/$1/' },
    },
    {
      name: 'server-domain-is-pure',
      comment: 'the domain (machines/, files/, config.ts, errors.ts) imports no database and no HTTP library',
      severity: 'error',
      from: { path: SERVER_DOMAIN },
      to: { path: anyOf([DATABASE_LIBRARIES, HTTP_LIBRARIES]) },
    },
    {
      name: 'server-engines-know-no-http',
      comment: 'an engine deals in data (rows, pages, a change key): db/ imports no HTTP library',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: HTTP_LIBRARIES },
    },
    {
      name: 'server-imports-shared-only',
      comment: "the server imports nothing from the page but shared/ (its unit tests the tests' fixtures too)",
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|tests|testkit|bench|scripts|assets)/', pathNot: '^tests/fixtures/' },
    },
    {
      name: 'page-imports-no-server',
      comment: 'the page must not import server code or its libraries',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: anyOf(['^server/', 'node_modules/(better-sqlite3|fastify|@fastify/[^/]+)/']) },
    },
    {
      name: 'product-imports-no-tests',
      comment: 'the page, the server and shared/ import nothing from tests, benchmarks or scripts',
      severity: 'error',
      from: { path: '^(src|server|shared)/', pathNot: TEST },
      to: { path: '^(tests|testkit|bench|scripts)/' },
    },
    {
      name: 'tests-import-no-bench',
      comment: 'what the tests share with the benchmarks is in testkit/; they import nothing from bench/',
      severity: 'error',
      from: { path: '^tests/' },
      to: { path: '^bench/' },
    },
    {
      name: 'bench-imports-no-tests',
      comment: 'what the benchmarks share with the tests is in testkit/; they import nothing from tests/',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^tests/' },
    },
    {
      name: 'testkit-stands-below-tests-and-bench',
      comment: 'testkit/ is what the tests and the benchmarks both stand on: it imports neither',
      severity: 'error',
      from: { path: '^testkit/' },
      to: { path: '^(tests|bench)/' },
    },
    {
      name: 'bench-packages-stay-in-bench',
      comment: "the bench workspace's packages (bench/package.json) are for the bench only",
      severity: 'error',
      from: { pathNot: '^bench/' },
      to: { path: `node_modules/(${BENCH_PACKAGES.join('|')})/` },
    },
    {
      name: 'bench-reaches-the-server-as-a-process',
      comment:
        'the bench starts the server and its commands as processes and speaks HTTP to them; it imports no server code',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^server/' },
    },
    {
      name: 'bench-reaches-the-page-through-its-surface',
      comment:
        'the bench imports from the page only its test hooks and the modules of BENCH_SURFACE (docs/benchmarks.md)',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^src/', pathNot: anyOf(BENCH_SURFACE) },
    },
    {
      name: 'no-circular',
      comment: 'no module of the page, the server or the bench imports itself through others',
      severity: 'error',
      // tests/ is cruised for the rules above; its own helpers are not held to this one yet.
      from: { pathNot: '^tests/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^bench/(dist|results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
