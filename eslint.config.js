import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The map libraries through their public APIs only: a private member is pinned by nothing but the lockfile.
const PRIVATE_MEMBERS = [
  {
    // The page's own window.__RVM_CONFIG__ is the one underscore name it owns; self.__WB_MANIFEST is where
    // Workbox's build writes the service worker's precache list (src/offline/sw.ts).
    selector:
      'MemberExpression[property.name=/^_(?!_RVM_|_WB_MANIFEST$)/], MemberExpression[computed=true][property.value=/^_/]',
    message: "Private member (leading underscore): use the library's public API.",
  },
  {
    selector:
      'MemberExpression[property.name=/^(painter|layerManager|deckPicker|viewManager|effectManager|internalState)$/]',
    message: "Internal object of MapLibre or deck.gl: use the library's public API.",
  },
];
const DOUBLE_CAST = {
  selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
  message: "A double cast (as unknown as) in the map code reaches past a library's types.",
};
const DEEP_LIBRARY_IMPORTS = {
  group: ['@deck.gl/*/dist/*', '@deck.gl/*/src/*', '@luma.gl/*/dist/*', '@luma.gl/*/src/*', 'maplibre-gl/src/*'],
  message: 'Deep imports reach library internals: import the package itself.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-sourcemaps',
      'node_modules',
      'coverage',
      'data',
      'bench/results',
      'bench/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS config files (dependency-cruiser's) load JSON and modules with require.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...PRIVATE_MEMBERS] },
  },
  {
    // shared/ runs in the page too (the console checks its forms with shared/contract/): no Node API.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({
          name,
          message: 'shared/ runs in the browser too: no Node API (TextEncoder for bytes, globalThis for globals).',
        })),
      ],
    },
  },
  {
    files: ['src/map/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...PRIVATE_MEMBERS, DOUBLE_CAST],
      'no-restricted-imports': ['error', { patterns: [DEEP_LIBRARY_IMPORTS] }],
    },
  },
);
