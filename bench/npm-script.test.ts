/**
 * How `npm run bench` starts each step's npm script: through the npm that
 * runs it when npm says where that is, since `npm` by name is `npm.cmd` on
 * Windows and may not be on the PATH at all; else by name, through a shell on
 * Windows, with a plain word on how to run it when there is no npm.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { npmMissingMessage, npmScriptCommand } from './npm-script';

const NODE = '/opt/node-24/bin/node';

afterEach(() => vi.unstubAllEnvs());

describe('npmScriptCommand', () => {
  it("runs npm's own CLI with this Node when npm gave its path, on every platform", () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(
        npmScriptCommand('bench:site', {
          execPath: NODE,
          env: { npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' },
          platform,
        }),
      ).toEqual({
        command: NODE,
        args: ['/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', '--silent', 'bench:site'],
        shell: false,
      });
    }
  });

  it('runs npm by name without npm_execpath, through a shell on Windows where npm is npm.cmd', () => {
    expect(npmScriptCommand('test:load', { execPath: NODE, env: {}, platform: 'linux' })).toEqual({
      command: 'npm',
      args: ['run', '--silent', 'test:load'],
      shell: false,
    });
    expect(npmScriptCommand('test:load', { execPath: NODE, env: { npm_execpath: '' }, platform: 'win32' })).toEqual({
      command: 'npm',
      args: ['run', '--silent', 'test:load'],
      shell: true,
    });
  });

  it('runs npm by name when npm_execpath names a program rather than a script Node can run', () => {
    expect(
      npmScriptCommand('bench:api', { execPath: NODE, env: { npm_execpath: '/usr/local/bin/bun' }, platform: 'linux' }),
    ).toMatchObject({ command: 'npm', shell: false });
    expect(
      npmScriptCommand('bench:api', { execPath: NODE, env: { npm_execpath: 'C:\\pnpm\\pnpm.cjs' }, platform: 'win32' }),
    ).toMatchObject({ command: NODE, args: ['C:\\pnpm\\pnpm.cjs', 'run', '--silent', 'bench:api'] });
  });

  it('defaults to this Node and the npm_execpath npm gives the process', () => {
    vi.stubEnv('npm_execpath', '/usr/lib/node_modules/npm/bin/npm-cli.js');
    expect(npmScriptCommand('bench:api')).toEqual({
      command: process.execPath,
      args: ['/usr/lib/node_modules/npm/bin/npm-cli.js', 'run', '--silent', 'bench:api'],
      shell: false,
    });
  });
});

describe('npmMissingMessage', () => {
  it('names the script and says to run the benchmarks through npm run bench', () => {
    expect(npmMissingMessage('bench:site')).toMatch(/bench:site.*npm.*`npm run bench`/s);
  });
});
