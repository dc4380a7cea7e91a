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
  ['login', '^src/login/'],
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
  ['runtimeConfig', '^src/runtimeConfig\\.ts$'],
  ['testHooks', '^src/testHooks(\\.test)?\\.ts$'],
  ['config', '^src/config\\.ts$'],
  ['store', '^src/store\\.ts$'],
  ['page assets', '^src/(global\\.css|mantineStyles\\.css|vite-env\\.d\\.ts)$'],
  // shared with the server
  ['shared', '^shared/'],
];

const anyOf = (patterns) => patterns.map((p) => `(${p})`).join('|');

const layerRules = LAYERS.slice(1).map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `${name} is below ${LAYERS.slice(0, i + 1)
    .map(([n]) => n)
    .join(', ')}: it imports none of them (docs/architecture.md)`,
  severity: 'error',
  from: { path },
  to: { path: anyOf(LAYERS.slice(0, i + 1).map(([, p]) => p)) },
}));

/** File kinds (docs/architecture.md): components, hooks, atoms, start-up; every other .ts file is domain. */
const COMPONENT = '\\.tsx$';
const HOOK = '/use[A-Z][^/]*\\.ts$';
const ATOMS = 'Atoms?\\.ts$';
const START_UP = anyOf(['^src/(main|App)\\.tsx$', '^src/appApi\\.ts$', '^src/theme\\.ts$', '/start[A-Z][^/]*\\.ts$']);
const TEST = anyOf(['\\.test\\.tsx?$', '^tests/']);
const UI_LIBRARIES = 'node_modules/(react|react-dom|jotai|@mantine/[^/]+)/';

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'layer-unlisted',
      comment:
        'every file of the page belongs to a room of LAYERS; a new folder is placed there and in docs/architecture.md',
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
      comment: 'shared/ is the floor both the server and the page stand on: it imports nothing but itself',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: '^shared/' },
    },
    {
      name: 'server-imports-shared-only',
      comment: 'the server imports nothing from the page but shared/',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|tests|bench|scripts|assets)/' },
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
      to: { path: '^(tests|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment: 'no module imports itself through others',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
