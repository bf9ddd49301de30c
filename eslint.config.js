import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'packages/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='number']",
          message: 'Use numeric(z.number()…) from @pv/contract: z.coerce.number also turns true into 1, [5] into 5 and null into 0.',
        },
      ],
    },
  },
  {
    files: ['console/**/*.tsx', 'daping/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['console/src/resources/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-admin', importNames: ['Edit'], message: "Use Edit from forms/Edit.tsx (and ReportUnsavedInput in the form): it keeps the user's unsaved input when the record is loaded again." }] },
      ],
    },
  },
);
