// One lint configuration for the whole tree.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.local/**', '.nx/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['tools/test/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Services never import another service's code, and libs never import apps: only libs/ is shared.
    files: ['services/**/*.ts', 'gateway/**/*.ts', 'libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/services/*', '../../services/**', '**/gateway/**'],
              message: 'Share code through libs/, not by importing another app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Contracts are imported by the browser too: no framework code in them.
    files: ['libs/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@nestjs/*', 'typeorm', 'nats', 'react'] }] },
  },
  prettier,
);
