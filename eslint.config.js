import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { importBoundariesPlugin } from './scripts/eslint-import-boundaries.mjs';
import { uiTextPlugin } from './scripts/eslint-ui-text.mjs';

// jsx-a11y findings not fixed yet (issue 32), file by file: a ratchet. Fix a file's findings and take it off the
// list; never add to it.
const A11Y_PENDING = {
  'click-events-have-key-events': [
    'apps/web/src/features/status/MediaModal.tsx',
    'apps/web/src/features/status/QuotedStatus.tsx',
    'apps/web/src/features/status/ZoomableImage.tsx',
  ],
  'no-autofocus': [
    'apps/web/src/features/auth/SignInView.tsx',
    'apps/web/src/features/auth/SignUpView.tsx',
    'apps/web/src/features/compose/ComposeModal.tsx',
    'apps/web/src/features/compose/ComposeView.tsx',
    'apps/web/src/features/messages/components/GroupCreation.tsx',
    'apps/web/src/features/messages/components/ParticipantsModal.tsx',
    'apps/web/src/features/messages/components/UserPicker.tsx',
    'apps/web/src/features/search/SearchBox.tsx',
    'apps/web/src/features/search/SearchView.tsx',
  ],
  'no-noninteractive-element-interactions': [
    'apps/web/src/features/status/MediaModal.tsx',
    'apps/web/src/features/status/QuotedStatus.tsx',
    'apps/web/src/features/status/ZoomableImage.tsx',
  ],
  'no-static-element-interactions': [
    'apps/web/src/features/search/SearchBox.tsx',
    'apps/web/src/features/status/MediaModal.tsx',
  ],
};

const ROUTES_USE_STORES =
  'Route files call a service or store; the query builder stays with the module that owns the table (see ARCHITECTURE.md).';

// Files still crossing a boundary of scripts/eslint-import-boundaries.mjs: a ratchet, never added to. These two
// import one module of another feature directly because that feature's index would pull its other modules into
// the chunk every profile page loads (measured with vite build): each needs a light second entry point first.
const BOUNDARY_CROSSINGS = {
  'feature-internals': [
    'apps/web/src/features/compose/Autocomplete.tsx',
    'apps/web/src/features/status/StatusMenu.tsx',
  ],
};

const isFile = (p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { palchat: importBoundariesPlugin(isFile, BOUNDARY_CROSSINGS) },
    rules: { 'palchat/import-boundaries': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify handlers and hooks, and implementations of async interfaces, are async by contract even when
      // their body has nothing to await; dropping `async` would change what they return.
      '@typescript-eslint/require-await': 'off',
      // react-router's navigate() answers a promise that settles with the navigation; the router handles its own
      // failures (error elements), so navigating from an event handler without awaiting is the intended use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
    },
  },
  {
    // Route files parse, authorize, call a service or store and serialize: the query builder stays with the module
    // that owns the table (issue 32). Types from kysely and the db modules are fine.
    files: ['apps/server/src/**/*routes*.ts', 'apps/server/src/**/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction)$/]',
          message: ROUTES_USE_STORES,
        },
        { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: ROUTES_USE_STORES },
        { selector: 'MemberExpression[object.name="sql"]', message: ROUTES_USE_STORES },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', allowTypeImports: true, message: ROUTES_USE_STORES }],
          patterns: [{ group: ['**/db', '**/db/*'], allowTypeImports: true, message: ROUTES_USE_STORES }],
        },
      ],
    },
  },
  {
    // Tests read response bodies that are untyped JSON (inject().json() is `any`) and assert on them field by
    // field: the assertions are the type check, so narrowing each body first would only repeat them.
    files: [
      'apps/server/test/**/*.ts',
      'apps/server/federation-test/**/*.ts',
      'apps/web/e2e/**/*.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // tests stringify the loose arguments fetch and socket mocks record; a wrong string fails the assertion
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // test files render bare elements to drive hooks and handlers: the rules are for what users get
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // the labels' text is a <Msg> a few elements down (label > span > strong > Msg)
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
      // a status is a focus stop for the keyboard shortcuts (j/k move between them, as in Mastodon)
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['article'] }],
      // people's media come without caption tracks; their description is the alternative (aria-label, alt)
      'jsx-a11y/media-has-caption': 'off',
      // a container's keydown handler takes the keys bubbling from its focused controls (Escape closes a picker,
      // arrows move): it does not make the container itself a control, so key handlers are left out here
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { allowExpressionValues: true, handlers: ['onClick', 'onMouseDown', 'onMouseUp'] },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        {
          ...jsxA11y.flatConfigs.recommended.rules['jsx-a11y/no-noninteractive-element-interactions'][1],
          handlers: ['onClick', 'onError', 'onLoad', 'onMouseDown', 'onMouseUp'],
        },
      ],
    },
  },
  {
    // issue 34: every text of the interface comes from the message catalogue, so that it can be translated
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { 'palchat-i18n': uiTextPlugin },
    rules: { 'palchat-i18n/ui-text': 'error' },
  },
  ...Object.entries(A11Y_PENDING).map(([rule, files]) => ({ files, rules: { [`jsx-a11y/${rule}`]: 'off' } })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // the browser's own dialogs block the page, cannot be styled or translated: use components/ConfirmDialog
      'no-restricted-globals': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((name) => ({
          name,
          message: 'Use the app’s modal (components/ConfirmDialog), not a native dialog.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['confirm', 'alert', 'prompt'].map((property) => ({
          object: 'window',
          property,
          message: 'Use the app’s modal (components/ConfirmDialog), not a native dialog.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'Use lazyWithMessages (platform/lazy-with-messages.ts): a lazily loaded module waits for the rest of the message catalogue.',
            },
          ],
        },
      ],
    },
  },
);
