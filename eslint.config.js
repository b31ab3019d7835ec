// One lint toolchain: typescript-eslint (type-checked) over the TypeScript, import-x for the layer
// and cycle rules, eslint-plugin-jest for the tests; Prettier formats (eslint-config-prettier turns
// off the rules that would fight it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import jest from 'eslint-plugin-jest';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'node_modules/**', 'src/generated/**', 'examples/**/dist/**'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, prettier],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })], 'import-x/extensions': ['.ts', '.js'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: {
      'import-x/no-cycle': 'error',
      // Apollo plugin hooks, Express handlers and test doubles are async by their interface, not by their body.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Data sources are the layer below resolvers; importing upward would close a cycle through context.ts.
    files: ['src/datasources/**/*.ts', 'src/store/**/*.ts', 'src/messaging/**/*.ts', 'src/events/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/resolvers/**'], message: 'Lower layers never import resolvers.' }] }],
    },
  },
  {
    files: ['test/**/*.ts'],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended, prettier],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
