// Lint rules, and the import boundaries of docs/architecture.md, 'Tiers and import boundaries':
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
        message: `This folder may not import from ${folder}/ (see docs/architecture.md, 'Tiers and import boundaries').`,
      })),
      paths,
    },
  ],
});

// Validation is written with zod/mini (shared/zod.ts), in the browser bundles and the functions alike.
const ZOD_MINI = [
  { name: 'zod', message: 'Write schemas with shared/zod.ts (zod/mini); classic zod weighs 90 KiB in each bundle.' },
];

// Every AWS call goes through the SDK's service clients; none is signed, sent or parsed by hand.
const SDK_CLIENTS_ONLY = [
  ...ZOD_MINI,
  ...[
    '@smithy/signature-v4',
    '@smithy/protocol-http',
    '@smithy/core/protocols',
    '@smithy/node-http-handler',
    '@aws-sdk/signature-v4',
  ].map((name) => ({
    name,
    message:
      "Call AWS through the SDK's service client (@aws-sdk/client-*); it signs, sends, retries and parses for us.",
  })),
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
  { files: ['shared/**'], rules: forbid(['functions', 'site', 'infra', 'local', 'bench', 'tests'], ZOD_MINI) },
  { files: ['functions/**'], rules: forbid(['site', 'infra', 'local', 'bench', 'tests'], SDK_CLIENTS_ONLY) },
  { files: ['site/**'], rules: forbid(['functions', 'infra', 'local', 'bench', 'tests']) },
  { files: ['infra/**'], rules: forbid(['site', 'local', 'bench', 'tests']) },
  // A test beside the code it tests (and a feature's test-kit.ts, which its tests share) may use the test helpers (tests/support) and reach across tiers to set up its case.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test-kit.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
