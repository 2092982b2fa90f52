/**
 * The import graph's rules, checked by `npm run lint` (docs/architecture.md,
 * 'Tiers and import boundaries'): the platforms of the functions and of the
 * shared tier import no feature,
 * and no module may reach itself again through its imports (in any tier).
 * Type-only imports count too: a circle of types still ties the
 * modules into one, so neither can be read, moved or tested without the other.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-feature',
      severity: 'error',
      comment:
        'functions/platform/ is below the features: what a feature needs of it is there, what it knows of a feature is not (docs/architecture.md, "Tiers and import boundaries").',
      from: { path: '^functions/platform/' },
      to: { path: '^functions/', pathNot: '^functions/platform/' },
    },
    {
      name: 'shared-platform-imports-no-feature',
      severity: 'error',
      comment:
        "shared/platform/ is the shared tier's machinery, below its features: it may name the tier's lists (tables, resources, auth) but no feature folder.",
      from: { path: '^shared/platform/' },
      to: { path: '^shared/[^/]+/', pathNot: '^shared/platform/' },
    },
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
