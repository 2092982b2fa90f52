/**
 * How each Lambda entry is bundled, defined once and used by everything that
 * bundles one: the CDK stack (infra/function-bundles.ts), the cold-start
 * benchmark, `npm run bundle:analyze` and the bundle budget test. As AWS
 * recommends for the Node.js runtimes: ESM, minified and tree-shaken, with
 * the function's own pinned AWS SDK clients bundled in rather than the
 * runtime's copy, whose version changes under the function. CDK bundles
 * through esbuild's JavaScript API too, with these very options.
 */
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BuildOptions,
  type Metafile,
  type OnResolveArgs,
  type OnResolveResult,
  type Plugin,
  build,
} from 'esbuild';
import { MAIL_RECEIVERS } from '../../shared/resources';
import { API_ROUTES } from '../../shared/routes';

/**
 * The Node.js major that production runs (the Lambda runtime) and that every
 * npm script, test and benchmark runs on (the pinned `node` dev dependency).
 * package.json's `engines`, `node` and `@types/node` and the CDK runtime are
 * checked against it by tests/unit/runtime.test.ts.
 */
export const NODE_MAJOR = 24;

export const LAMBDA_NODE_TARGET = `node${NODE_MAJOR}`;

// This module sits in functions/bundling/; the entries and the modules it marks are those of functions/.
const FUNCTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export const LAMBDA_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  // Stack traces point into the TypeScript sources (NODE_OPTIONS=--enable-source-maps); the sources themselves stay out.
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // ESM bundles of CommonJS dependencies need a `require` to load Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * The most a function's bundle may weigh, gzip: every byte is read and
 * compiled at each cold start. Just above the heaviest measured with the SDK's
 * clients (about 185 KiB, a route with DynamoDB, S3 and the credential chain),
 * so a bundle that suddenly doubles fails functions/bundling/bundle-budget.test.ts;
 * `npm run bundle:analyze` shows what weighs.
 */
export const LAMBDA_BUNDLE_BUDGET_GZIP_BYTES = 200 * 1024;

/**
 * The mail receivers' budget (MAIL_RECEIVERS: the one function that parses
 * received mail). A MIME parser reads every charset mail is still written in:
 * iconv-lite's tables alone (GBK and GB18030 from QQ, EUC-KR from older
 * Korean mail, KOI8-R and windows-1251 from Russian providers, Shift_JIS) are
 * 480 KiB minified, and HTML-to-text and Japanese encodings come with it
 * (605 KiB gzip in all when it was first measured). It runs on its own,
 * invoked asynchronously once per received mail: nobody waits on its cold
 * start. The only routes that hold it are the kept mail box's readers below.
 * 648 KiB once it also filed kept mail apart and queued each message's
 * translation (640.2 KiB measured then); 672 KiB since it looks inside the
 * attachments it keeps: cfb (compound files: Word, Excel, HWP, never an
 * installer) and yauzl (the zip directory of an Office document, never
 * inflated), about 21 KiB gzip together (658 KiB measured then). Room for a
 * little, not for another parser.
 */
export const MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES = 672 * 1024;

/**
 * The kept mail box's routes that read a received mail (`parsesMail` in
 * shared/conversation/conversation-routes.ts: a mail's text, attaching one) parse it with the
 * receiver's own code, and add staff auth (the token check, the access log,
 * the request schemas: about 20 KiB gzip). A staff member waits on their
 * cold start, but only when opening or attaching a kept mail, a few times a
 * day; every other route stays within LAMBDA_BUNDLE_BUDGET_GZIP_BYTES.
 * Attaching keeps the attachments as the receiver does, with cfb and yauzl
 * (678.5 KiB measured then).
 */
export const MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES = 696 * 1024;

const MAIL_READING_ROUTES: readonly string[] = API_ROUTES.filter((route) => route.parsesMail).map(
  (route) => route.name,
);

/** The functions whose bundles hold the MIME parser: the mail receivers and the kept mail box's readers. */
export const MAIL_PARSERS: readonly string[] = [
  ...MAIL_RECEIVERS.map((receiver) => receiver.name),
  ...MAIL_READING_ROUTES,
];

/**
 * The enquiry form's function (`sendmail`) keys the visitor's phone number by
 * the numbering plans (libphonenumber-js's min metadata, shared/merging/phone-key.ts):
 * 118 KiB of its 677 KiB minified, 201.9 KiB gzip in all (`npm run
 * bundle:analyze -- sendmail`), just over the budget of the others. A visitor
 * waits on this cold start, so the allowance is the plans' weight and a little
 * room, no more.
 */
export const INTAKE_BUNDLE_BUDGET_GZIP_BYTES = 232 * 1024;

/** The budget of one function's bundle, by its name. */
export function bundleBudgetOf(name: string): number {
  if (name === 'sendmail') return INTAKE_BUNDLE_BUDGET_GZIP_BYTES;
  if (MAIL_READING_ROUTES.includes(name)) return MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES;
  return MAIL_RECEIVERS.some((receiver) => receiver.name === name)
    ? MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES
    : LAMBDA_BUNDLE_BUDGET_GZIP_BYTES;
}

/** The file Lambda loads from a function's folder (handler `index.handler`), its source map beside it. */
export const LAMBDA_BUNDLE_FILE = 'index.mjs';

/** A function to bundle: its name, and the feature module and export that declare it. */
export interface LambdaEntry {
  name: string;
  module: string;
  exportName: string;
}

/**
 * Every function the features declare (functions/features.ts): one per API
 * route, the scheduled jobs and the background workers. The index is loaded
 * only here, when bundling, as it imports every feature.
 */
export async function lambdaEntries(names?: readonly string[]): Promise<LambdaEntry[]> {
  const { DECLARED_FUNCTIONS } = await import('../features');
  return DECLARED_FUNCTIONS.map(({ feature, exportName, declaration }) => ({
    name: declaration.name,
    module: join(FUNCTIONS_DIR, feature, 'routes.ts'),
    exportName,
  })).filter((entry) => !names?.length || names.includes(entry.name));
}

const ENTRY_PREFIX = 'lambda-entry:';

/** The entry point esbuild is given for a function, and the name its metafile gives it. */
export const entryPointOf = (entry: LambdaEntry) => `${ENTRY_PREFIX}${entry.name}`;

/**
 * Makes each function's entry module at bundle time from its declaration:
 * it imports that one declaration (the others of its feature, with their
 * handlers, are tree-shaken out) and exports the handler Lambda calls.
 */
export function entriesFromDeclarations(entries: readonly LambdaEntry[]): Plugin {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  return {
    name: 'lambda-entries',
    setup(build) {
      // Named in the namespace by the function alone, so the metafile calls the entry `lambda-entry:<name>` as entryPointOf does.
      build.onResolve({ filter: /^lambda-entry:/ }, (args) => ({
        path: args.path.slice(ENTRY_PREFIX.length),
        namespace: 'lambda-entry',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lambda-entry' }, (args) => {
        const entry = byName.get(args.path);
        if (!entry) return { errors: [{ text: `No function is declared as ${args.path}` }] };
        return {
          contents: `import { ${entry.exportName} } from ${JSON.stringify(entry.module)};\nexport const handler = ${entry.exportName}.lambdaHandler();\n`,
          resolveDir: FUNCTIONS_DIR,
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Modules whose top level only declares (functions, constants, schemas): the
 * functions' and shared code's own (no module there is imported for an
 * effect; functions/bundling/bundle-budget.test.ts checks there is no bare import),
 * and packages that do not say so in their package.json (`"sideEffects":
 * false`, as the SDK's clients do). Marked so, a module that a bundle's
 * entry reaches only through a feature's declarations of other routes is left
 * out whole, even where its top level builds a schema or loads a CommonJS
 * package: otherwise every route of a feature would carry what its other
 * routes use (the QR code library of the two-factor start in every accounts
 * route, the S3 client of the export's multipart upload in every exports,
 * packages and privacy route).
 */
const DECLARING_PACKAGES = ['@aws-sdk/lib-storage', 'qrcode-generator'];
const DECLARING_FOLDERS = [FUNCTIONS_DIR, join(FUNCTIONS_DIR, '..', 'shared')].map((folder) => `${folder}${sep}`);

function modulesThatOnlyDeclare(): Plugin {
  const packages = new RegExp(`^(${DECLARING_PACKAGES.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
  const ours = (path: string) =>
    !path.includes(`${sep}node_modules${sep}`) && DECLARING_FOLDERS.some((folder) => path.startsWith(folder));
  return {
    name: 'modules-that-only-declare',
    setup(build) {
      const declaring = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        if (args.pluginData === 'declaring') return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'declaring',
        });
        return { ...resolved, sideEffects: false };
      };
      build.onResolve({ filter: packages }, declaring);
      build.onResolve({ filter: /^\.\.?\// }, (args) => (ours(args.importer) ? declaring(args) : undefined));
    },
  };
}

/** The plugins every Lambda bundle is made with. */
export const lambdaPlugins = (entries: readonly LambdaEntry[]): Plugin[] => [
  entriesFromDeclarations(entries),
  modulesThatOnlyDeclare(),
];

/**
 * Bundles the named entries (all when none are named) in one esbuild run,
 * each into `<outdir>/<name>/index.mjs` with its source map, as deployed.
 */
export async function bundleLambdas(outdir: string, names?: readonly string[]): Promise<Metafile> {
  const entries = await lambdaEntries(names);
  const result = await build({
    ...LAMBDA_BUNDLE_OPTIONS,
    plugins: lambdaPlugins(entries),
    entryPoints: entries.map((entry) => ({ in: entryPointOf(entry), out: join(entry.name, 'index') })),
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  return result.metafile;
}
