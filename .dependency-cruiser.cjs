/**
 * The import graph's rules, checked by `npm run lint` (docs/architecture.md,
 * 'Tiers and import boundaries'): no module may reach itself again through
 * its imports. Type-only imports count too: a circle of types still ties the
 * modules into one, so neither can be read, moved or tested without the other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Break a circle by moving what both sides need down to where it belongs (a platform module or the feature that owns it).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|site/dist|site/\\.astro|cdk\\.out|\\.data|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    skipAnalysisNotInRules: true,
  },
};
