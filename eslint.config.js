import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports of another API module's inner files (`../land/farms.repo`); `allowed` is what may follow the module folder. */
function crossModuleImports(allowed) {
  const message = "Import another module only from its index.ts ('../<module>/index'), which exports what it lets others call.";
  return [
    { regex: `^\\.\\./(?!\\.)[^/]+/(?!(?:${allowed})$)`, message },
    { regex: `^(?:\\.\\./)+modules/[^/]+/(?!(?:${allowed})$)`, message },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'apps/web/test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Modules talk through each other's index.ts only (decision 0008): what it exports is the public surface.
    files: ['apps/api/src/modules/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: crossModuleImports('index') }] },
  },
  {
    // tests may also borrow another module's test helpers
    files: ['apps/api/src/modules/*/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: crossModuleImports('index|[^/]+\\.test-helpers') }] },
  },
  {
    // the module list and the demo registry see modules the same way
    files: ['apps/api/src/modules/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\./[^/]+/(?!index$)', message: "Import a module only from its index.ts ('./<module>/index')." }] }] },
  },
  {
    // tests of the database layer (migration upgrades) may sign in through the app like any client
    files: ['apps/api/src/db/**/*.ts'],
    ignores: ['apps/api/src/db/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: 'The database layer imports no business module: demo data lives in its module (modules/demo-seeders.ts).' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
