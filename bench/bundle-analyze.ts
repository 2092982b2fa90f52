/**
 * `npm run bundle:analyze [-- entry ...] [--top N]`: what weighs in each
 * Lambda bundle. Prints each entry's minified and gzip size against the
 * budget, then its heaviest inputs (a package, or a source file of ours),
 * then what every bundle carries, the floor no route can go below.
 */
import {
  LAMBDA_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES,
  MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES,
  bundleBudgetOf,
} from '../functions/bundling/bundling';
import { type BundleInput, weighLambdaBundles } from '../functions/bundling/bundle-weights';
import { kib } from './support';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 12;
// Without --top, topAt + 1 is 0: the first name is a name, not the count.
const names = args.filter((arg, i) => !arg.startsWith('--') && (topAt < 0 || i !== topAt + 1));

const bundles = await weighLambdaBundles(names);
const share = (input: BundleInput, total: number) => `${((input.bytes / total) * 100).toFixed(0).padStart(3)} %`;

for (const bundle of bundles.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  const over = bundle.gzipBytes > bundleBudgetOf(bundle.name) ? '  OVER BUDGET' : '';
  console.log(`\n${bundle.name}: ${kib(bundle.bytes)} minified, ${kib(bundle.gzipBytes)} gzip${over}`);
  for (const input of bundle.inputs.slice(0, top))
    console.log(`  ${kib(input.bytes).padStart(10)} ${share(input, bundle.bytes)}  ${input.name}`);
}

// What is in every bundle, with its smallest size among them (tree shaking can make a package smaller in one bundle).
if (bundles.length > 1) {
  const common = new Map<string, number>();
  for (const input of bundles[0]?.inputs ?? []) {
    const sizes = bundles.map((bundle) => bundle.inputs.find((candidate) => candidate.name === input.name)?.bytes);
    if (sizes.every((size) => size !== undefined)) common.set(input.name, Math.min(...(sizes as number[])));
  }
  const total = [...common.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`\nIn every bundle: ${kib(total)} minified`);
  for (const [name, bytes] of [...common].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${kib(bytes).padStart(10)}  ${name}`);
}
console.log(
  `\nBudget: ${kib(LAMBDA_BUNDLE_BUDGET_GZIP_BYTES)} gzip per bundle (the mail receiver ${kib(MAIL_RECEIVER_BUNDLE_BUDGET_GZIP_BYTES)}, the kept mail box's readers ${kib(MAIL_READING_ROUTE_BUNDLE_BUDGET_GZIP_BYTES)}).`,
);
