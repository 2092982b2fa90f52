// Lint rules, and the import boundaries of DESIGN.md section 2:
// shared/ imports none of the others; site/, functions/ and infra/ import shared/, not each other
// (infra/ may name functions/ entry paths, which it does by path, not by import).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbid = (folders, paths = []) => ({
  // typescript-eslint's version of the rule, which can let a type-only import through (erased when bundled).
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        group: [`**/${folder}`, `**/${folder}/**`],
        message: `This folder may not import from ${folder}/ (see DESIGN.md section 2).`,
      })),
      paths,
    },
  ],
});

// What the Lambda bundles do without (README, "Lambda bundles"): each would put 35-130 KiB back into every bundle that reached it.
const LEAN = [
  { name: '@aws-sdk/client-dynamodb', allowTypeImports: true, message: 'The functions reach DynamoDB through functions/adapters/dynamodb/document-db.ts.' },
  { name: '@aws-sdk/lib-dynamodb', allowTypeImports: true, message: 'The functions reach DynamoDB through functions/adapters/dynamodb/document-db.ts.' },
  { name: '@aws-sdk/client-secrets-manager', message: 'The functions read secrets through functions/secrets.ts.' },
  { name: 'zod', message: "Write schemas with shared/zod.ts (zod/mini); classic zod weighs 90 KiB in each function's bundle." },
  { name: '@aws-sdk/client-s3', message: 'The functions send their S3 requests through functions/adapters/s3/bucket.ts.' },
  { name: '@aws-sdk/client-sesv2', message: 'The functions send mail through functions/adapters/ses/mailer.ts.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'site/dist/', 'site/.astro/', 'cdk.out/', '.data/', 'coverage/', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  // The Rules of React (hooks order, effect dependencies, the compiler's purity rules) for the islands and the back office.
  { files: ['site/src/**/*.tsx', 'tests/components/**/*.tsx'], ...reactHooks.configs.flat.recommended },
  { files: ['site/src/**/*.tsx', 'tests/components/**/*.tsx'], rules: { 'react-hooks/exhaustive-deps': 'error' } },
  { files: ['shared/**'], rules: forbid(['functions', 'site', 'infra', 'local', 'bench', 'tests'], LEAN) },
  { files: ['functions/**'], rules: forbid(['site', 'infra', 'local', 'bench', 'tests'], LEAN) },
  { files: ['site/**'], rules: forbid(['functions', 'infra', 'local', 'bench', 'tests']) },
  { files: ['infra/**'], rules: forbid(['site', 'local', 'bench', 'tests']) },
);
