/**
 * The CDK app's first check: on a Node.js older than package.json's engines
 * allow, one line saying what to do; on the project's Node.js, nothing.
 */
import { describe, expect, it } from 'vitest';
import { lowestAllowed, nodeVersionProblem, requiredNodeRange } from '../../infra/node-version';

const RANGE = '>=24.11 <25';

describe('the Node.js version check of the CDK app', () => {
  it('reads the lowest version of the engines range', () => {
    expect(lowestAllowed(RANGE)).toEqual([24, 11, 0]);
    expect(lowestAllowed('>= 22')).toEqual([22, 0, 0]);
    expect(lowestAllowed('>=24.11.1')).toEqual([24, 11, 1]);
    expect(() => lowestAllowed('^24.11')).toThrow(/does not start with a lowest version/);
  });

  it.each(['20.20.2', '24.10.9', 'v24.10.0', '18.0.0'])('refuses %s in one line that says what to do', (running) => {
    const problem = nodeVersionProblem(running, RANGE);
    expect(problem).toContain('Node.js 24.11.0 or newer');
    expect(problem).toContain(`runs on ${running}`);
    expect(problem).toContain('npm run deploy');
    expect(problem).not.toContain('\n');
  });

  it.each(['24.11.0', '24.21.0', '25.0.0'])('lets %s run', (running) => {
    expect(nodeVersionProblem(running, RANGE)).toBeUndefined();
  });

  it("checks against package.json's own engines, which this Node.js meets", () => {
    expect(requiredNodeRange()).toMatch(/^>=\d+/);
    expect(nodeVersionProblem(process.versions.node, requiredNodeRange())).toBeUndefined();
  });
});
