import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Lint: recommended rules, plus the few that catch real bugs in async server code. */
export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'schema/**', 'coverage/**'] },
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
);
