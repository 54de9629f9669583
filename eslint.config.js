import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
