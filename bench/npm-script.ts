/**
 * How `npm run bench` starts the npm script of each step. Not `npm` by name
 * where it can be helped: on Windows that is `npm.cmd`, which Node starts
 * only through a shell, and npm may not be on the PATH at all when it was
 * found some other way. npm tells the scripts it runs where its CLI is
 * (`npm_execpath`), so a step runs that CLI with this Node.
 */

export interface NpmScriptCommand {
  command: string;
  args: string[];
  /** Through a shell: the only way Node starts `npm.cmd` (it refuses a `.cmd` file without one). */
  shell: boolean;
}

interface Surroundings {
  execPath?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** The command that runs `npm run --silent <script>`. */
export function npmScriptCommand(
  script: string,
  { execPath = process.execPath, env = process.env, platform = process.platform }: Surroundings = {},
): NpmScriptCommand {
  const args = ['run', '--silent', script];
  // Another package manager may set npm_execpath to a program of its own, not a script Node can run.
  const npmCli = env['npm_execpath'];
  if (npmCli && /\.[cm]?js$/.test(npmCli)) return { command: execPath, args: [npmCli, ...args], shell: false };
  return { command: 'npm', args, shell: platform === 'win32' };
}

/** What to say when npm could not be started by name: it is not on the PATH. */
export function npmMissingMessage(script: string): string {
  return `Could not start npm to run ${script}: there is no npm on this PATH. Run the benchmarks through npm, as \`npm run bench\`, which tells them where npm is.`;
}
