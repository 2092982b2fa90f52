/**
 * The Node.js the CDK app runs on, checked before anything else of it loads.
 * `npm run synth` and `npm run deploy` run the CLI, and through cdk.json's
 * `app` the app, on the project's own Node.js (the `node` dev dependency,
 * first on the scripts' PATH); a `cdk` started another way runs the app on
 * whatever `node` the shell finds first, often an older one, which fails
 * later and far from the cause. Nothing here may need more than that older
 * Node.js: node built-ins only.
 */
import { readFileSync } from 'node:fs';

/** The lowest version the range of package.json's `engines.node` allows (`>=24.11 <25` gives 24.11.0). */
export function lowestAllowed(range: string): [number, number, number] {
  const match = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range);
  if (!match) throw new Error(`package.json's engines.node (${range}) does not start with a lowest version (>=x.y)`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** One line saying what to do when `running` (process.versions.node) is older than `range` allows; else undefined. */
export function nodeVersionProblem(running: string, range: string): string | undefined {
  const lowest = lowestAllowed(range);
  const current = running.replace(/^v/, '').split('.').map(Number);
  for (let part = 0; part < 3; part += 1) {
    const [have, need] = [current[part] ?? 0, lowest[part] ?? 0];
    if (have > need) return undefined;
    if (have < need)
      return `The CDK app needs Node.js ${lowest.join('.')} or newer (package.json engines: ${range.trim()}), but runs on ${running}: run it through npm (npm run synth, npm run deploy), which uses the project's Node.js, or put Node.js ${lowest[0]} first on PATH.`;
  }
  return undefined;
}

/** The range of package.json's `engines.node`. */
export function requiredNodeRange(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    engines?: { node?: string };
  };
  if (!manifest.engines?.node) throw new Error('package.json names no engines.node');
  return manifest.engines.node;
}
