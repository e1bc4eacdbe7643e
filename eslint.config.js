import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.build-ormconfig/', 'coverage/', '.data/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['src/**/*.ts', 'examples/**/*.ts', 'test/helpers/*.module.ts'],
    rules: {
      // Nest resolves constructor parameters from emitted metadata: classes used there are value imports.
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // class-validator's IsOptional lets `null` past every other rule: request DTOs say whether a
    // field may be null with Optional() or OptionalNullable() (src/common/dto/presence.ts).
    files: ['src/**/*.ts'],
    ignores: ['src/common/dto/presence.ts', 'src/config/app-config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message:
                'IsOptional also skips the rules for null: use Optional() or OptionalNullable() from src/common/dto/presence.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Extensions are written against the public faces of the service, as the import rules require
    // of its own modules (.dependency-cruiser.cjs covers src/ only).
    files: ['examples/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/modules/*/**', '!**/src/modules/*/index.js'],
              message: 'Reach a module through its public face, src/modules/<name>/index.js.',
            },
            {
              group: ['**/src/events/**', '!**/src/events/index.js'],
              message: 'Reach the events module through src/events/index.js.',
            },
            {
              group: ['**/src/seed/**', '**/src/config/**/*', '**/src/*.js'],
              message: 'Extensions import public faces, src/common and src/platform only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Response bodies in tests are checked by assertions, not by the type system.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
