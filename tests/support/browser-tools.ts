/**
 * The first step of `npm test`: the browser tests drive Debian's Chromium
 * (test tools cannot download browsers here) and the HTML validator runs on
 * Java. When either is missing, root on a Debian machine gets them through
 * apt-get; anyone else is told the one command to run, before anything else
 * starts, so no test fails halfway for a missing tool.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './browser';

interface Tool {
  name: string;
  present(): boolean;
  debianPackage: string;
}

const TOOLS: Tool[] = [
  { name: `Chromium (${CHROMIUM_PATH}, or set CHROMIUM_PATH)`, present: () => existsSync(CHROMIUM_PATH), debianPackage: 'chromium' },
  { name: 'Java (for the HTML validator)', present: () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0, debianPackage: 'default-jre-headless' },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.debianPackage);
  const canInstall = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`The browser tests need: ${missing.map((tool) => tool.name).join(', ')}.`);
    console.error(`Install, then run npm test again:\n\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`);
    console.error('(On macOS or Windows: install Chromium or Chrome and set CHROMIUM_PATH to it, and a Java runtime.)');
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} with apt-get, for the browser tests...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  const still = missing.filter((tool) => !tool.present());
  if (still.length) {
    console.error(`Still missing after apt-get: ${still.map((tool) => tool.name).join(', ')}`);
    process.exit(1);
  }
}
