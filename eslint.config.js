import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Lint: recommended rules, plus the few that catch real bugs in async server code and in React components. */
export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'dist/**', '.dist-*/**', 'schema/**', 'coverage/**', 'test-output/**', 'control-plane/console/dist/**', 'control-plane/console/src/gql/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['control-plane/console/src/**/*.tsx', 'control-plane/console/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
