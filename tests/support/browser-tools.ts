/**
 * The first step of `npm test`: the browser tests drive Debian's Chromium
 * (test tools cannot download browsers here) and the HTML validator runs on
 * Java. When either is missing, root on a Debian machine gets them through
 * apt-get; anyone else is told the one command to run, before anything else
 * starts, so no test fails halfway for a missing tool. `npm run bench:site`
 * asks the same way for the Korean, Chinese and Japanese fonts, unless
 * fontconfig's fc-list is missing to tell whether they are there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './browser';

export interface Tool {
  name: string;
  present(): boolean;
  debianPackage: string;
}

const BROWSER_TEST_TOOLS: Tool[] = [
  {
    name: `Chromium (${CHROMIUM_PATH}, or set CHROMIUM_PATH)`,
    present: () => existsSync(CHROMIUM_PATH),
    debianPackage: 'chromium',
  },
  {
    name: 'Java (for the HTML validator)',
    present: () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0,
    debianPackage: 'default-jre-headless',
  },
];

/** What fontconfig says of the fonts for some languages; unknown when there is no fc-list to ask. */
export type FontsFound = 'present' | 'missing' | 'unknown';

/**
 * Whether fontconfig knows a font for each language (`ko`, `zh`, `ja`): what
 * Chromium falls back to for their text. Chromium needs only fontconfig's
 * library, so fc-list (Debian's fontconfig package) may be missing while the
 * fonts are there: then the answer is unknown, not missing. `fcList` names
 * the command, so that a test can name one that is not installed.
 */
export function fontsFor(languages: readonly string[], fcList = 'fc-list'): FontsFound {
  for (const language of languages) {
    const listed = spawnSync(fcList, [`:lang=${language}`, 'family'], { encoding: 'utf8' });
    if ((listed.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return 'unknown';
    if (listed.status !== 0 || listed.stdout.trim() === '') return 'missing';
  }
  return 'present';
}

/**
 * Makes sure fontconfig knows the fonts, as ensureTools does for a tool.
 * Without fc-list they cannot be checked: it says so and goes on, since
 * installing the fonts would not make them checkable and they may be there.
 */
export function ensureFonts(
  fonts: { name: string; languages: readonly string[]; debianPackage: string },
  needs: string,
  again: string,
  fcList = 'fc-list',
): FontsFound {
  if (fontsFor(fonts.languages, fcList) === 'unknown') {
    console.warn(
      `Could not check the ${fonts.name}: fontconfig's fc-list is missing (Debian's fontconfig package). Going on; without them (Debian's ${fonts.debianPackage}) the figures are not those of a phone.`,
    );
    return 'unknown';
  }
  ensureTools(
    [
      {
        name: fonts.name,
        present: () => fontsFor(fonts.languages, fcList) === 'present',
        debianPackage: fonts.debianPackage,
      },
    ],
    needs,
    again,
  );
  return 'present';
}

/**
 * Makes sure every tool is present, installing the missing ones with apt-get
 * as root on Debian; otherwise exits with the command that installs them.
 * `needs` says who needs them ("The browser tests need"); `again` is what to
 * run after installing; `otherSystems` how to get them elsewhere.
 */
export function ensureTools(tools: readonly Tool[], needs: string, again: string, otherSystems?: string): void {
  const missing = tools.filter((tool) => !tool.present());
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.debianPackage);
  const canInstall = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`${needs}: ${missing.map((tool) => tool.name).join(', ')}.`);
    console.error(
      `Install, then run ${again} again:\n\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n`,
    );
    if (otherSystems) console.error(otherSystems);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} with apt-get (${needs.toLowerCase()} them)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
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

if (import.meta.main) {
  ensureTools(
    BROWSER_TEST_TOOLS,
    'The browser tests need',
    'npm test',
    '(On macOS or Windows: install Chromium or Chrome and set CHROMIUM_PATH to it, and a Java runtime.)',
  );
}
