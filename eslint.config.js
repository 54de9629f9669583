import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Import boundaries (DESIGN.md "Layout"): the client never imports server code,
 * the server never imports client code, and src/shared stays pure (no node:*,
 * no React, no Drizzle) so both sides can use it.
 */
const serverImports = {
  regex: '^#server/|(^|/)server/',
  message: 'The client must not import server code; put shared rules in src/shared.',
};
const clientImports = {
  regex: '^#client/|(^|/)client/',
  message: 'The server must not import client code.',
};

/**
 * Module boundaries (docs/architecture.md "Module boundaries"): shared <- features <- app.
 * - Infrastructure (src/server/db, src/server/http, src/server/lib, the realtime dispatcher,
 *   src/client/lib, src/client/components) never imports a feature: features register with it.
 * - A feature imports another feature only through that feature's public entry (its index.ts);
 *   everything else in a feature folder is private to it, on both sides and for every feature
 *   (a new one is checked from the start). Tests may set up through any feature.
 * - No import cycles in src/ (import-x/no-cycle; type-only imports do not count).
 */
const root = import.meta.dirname;
const featuresOf = (side) =>
  readdirSync(path.join(root, 'src', side, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The realtime dispatcher is infrastructure that lives beside its socket routes. */
const DISPATCHER = ['realtime/order-events.ts', 'realtime/job-runner.ts', 'realtime/outbox.ts'];

const infrastructureZone = (side, folders, except = []) => ({
  target: folders.map((folder) => `src/${side}/${folder}`),
  from: `src/${side}/features`,
  except,
  message: 'Infrastructure never imports a feature: let the feature register with it.',
});

const publicEntryZones = (side) => {
  const features = `src/${side}/features`;
  return featuresOf(side).map((feature) => ({
    target: `${features}/${feature}`,
    from: `${root}/${features}/!(${feature})/**`,
    except: [`${root}/${features}/*/index.{ts,tsx}`],
    message: `Import another feature only through its public entry (its index.ts), or move the shared piece down (src/shared, src/${side}/lib).`,
  }));
};

const serverInfrastructureZones = [
  infrastructureZone(
    'server',
    ['db', 'http', 'lib'],
    DISPATCHER.map((file) => `./${file}`),
  ),
  {
    target: DISPATCHER.map((file) => `src/server/features/${file}`),
    from: 'src/server/features',
    except: ['./realtime'],
    message:
      'The realtime dispatcher never imports a feature: features register their jobs with it.',
  },
];
const clientInfrastructureZones = [infrastructureZone('client', ['lib', 'components'])];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/client/public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverInfrastructureZones, ...publicEntryZones('server')] },
      ],
    },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverInfrastructureZones }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...clientInfrastructureZones, ...publicEntryZones('client')] },
      ],
    },
  },
  {
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientInfrastructureZones }] },
  },
  {
    files: ['scripts/**/*.mjs', '*.config.{js,ts}', 'tests/**/*.ts', 'src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/client/boot.js'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [clientImports] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            clientImports,
            { regex: '^node:', message: 'src/shared runs in the browser too: no node:* modules.' },
            {
              regex: '^(react|react-.*|drizzle-orm)(/|$)',
              message: 'src/shared holds pure rules only.',
            },
          ],
        },
      ],
    },
  },
);
