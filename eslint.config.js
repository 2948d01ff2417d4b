import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
                'Use lazyWithMessages (app/lazy-with-messages.ts): a lazily loaded module waits for the rest of the message catalogue.',
            },
          ],
        },
      ],
    },
  },
);
