import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'test/fixtures/cueme-0.1.16/**',
      'test/fixtures/clarity-agent-cli/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // The installable inbox's service worker: plain JS, served as is.
  { files: ['renderer/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      'main/broker/**',
      'main/adapters/**',
      'main/http/**',
      'main/cli/**',
      'main/service/**',
      'main/operations/**',
      'main/config/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'The core never imports Electron; only main/desktop may.',
            },
          ],
        },
      ],
    },
  },
  {
    // Short functions and files with one job (tests' describe blocks are exempt: a suite reads
    // best as one block).
    files: ['main/**', 'renderer/**', 'preload/**', 'contract/**', 'bench/**', 'scripts/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
