import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import money, { moneyFieldNames } from './scripts/eslint/noFloatMoney.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'server/db/migrations',
      'playwright-report',
      'test-results',
      'bench/.work',
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // schemas/ and dataProvider/ are isomorphic: they run in the browser and on the server, so no
    // React and no Node APIs. Type-only imports of the icon set are erased (schema icon names).
    files: ['schemas/**/*.ts', 'dataProvider/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'node:*', 'fs', 'path', 'crypto', 'fastify', 'drizzle-orm*'] },
            { group: ['@mui/*', '!@mui/icons-material'] },
            { group: ['@mui/icons-material'], allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Money stays exact on the server: no Number()/parseFloat/unary + on a money value
    // (scripts/eslint/noFloatMoney.js says what a money value is; the names of the fields declared
    // f.money are read from schemas/ at lint time).
    files: ['server/**/*.ts', 'schemas/**/*.ts'],
    plugins: { money },
    rules: { 'money/no-float-money': ['error', { names: moneyFieldNames('schemas') }] },
  },
  {
    // A product file stays readable in one sitting: at most 800 lines (tests and generated
    // migrations aside).
    files: [
      'schemas/**/*.ts',
      'server/**/*.ts',
      'src/**/*.{ts,tsx}',
      'dataProvider/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 800 }] },
  },
);
