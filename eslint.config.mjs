import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'src/generated/', '.tools/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Workflow code must stay deterministic: no Node built-ins, no I/O (temporalio samples' override).
    files: ['src/workflows/**/*.ts'],
    rules: {
      // Activities are referenced by type only (proxyActivities); a value import would pull I/O into the sandbox.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'child_process'], message: 'no Node built-ins in workflow code' },
            { group: ['../activities/*', '../outbox/*'], message: 'workflows do no I/O', allowTypeImports: true },
            {
              // Database, chain and generated-client code has no place in the sandbox, not even its types.
              group: ['**/adapters', '**/adapters/**', '**/chain', '**/chain/**', '**/generated', '**/generated/**', 'prisma', '@prisma/*', 'ethers', 'ethers/*', 'pg', 'pg-*'],
              message: 'workflows never touch the database or the chain: go through an activity',
            },
          ],
        },
      ],
    },
  },
  // Tests read JSON answers of any shape.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
