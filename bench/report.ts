/**
 * `npm run bench`: every benchmark, one after the other (so none slows
 * another), then `reports/benchmark.md` with the figures, charts and the
 * machine. `npm run bench -- site staff` runs only the steps named (api, site,
 * staff, load, replies); the report then holds only theirs. A step that fails is
 * reported as failed and the run goes on; the command exits non-zero.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join, resolve } from 'node:path';
import { FIGURES_FILE_VARIABLE, readFigures } from './figures';
import { npmMissingMessage, npmScriptCommand } from './npm-script';
import { type LoadFigures, type StepOutcome, benchmarkMarkdown } from './report-markdown';

const ROOT = resolve(import.meta.dirname, '..');
const REPORT = join(ROOT, 'reports', 'benchmark.md');
/** Where `npm run test:load` leaves its figures. */
const LOAD_FIGURES = join(ROOT, 'reports', 'load.json');

const STEPS = [
  { name: 'api', script: 'bench:api', title: 'API: sendmail, list, function bundles and cold starts' },
  { name: 'site', script: 'bench:site', title: 'Public pages: bytes, requests, Lighthouse mobile' },
  {
    name: 'staff',
    script: 'bench:staff',
    title: 'Back office: JavaScript, sign-in, filters, dashboard, CSV exports in the background',
  },
  { name: 'load', script: 'test:load', title: 'Load with faults injected: nothing lost, nothing twice' },
  {
    name: 'replies',
    script: 'bench:replies',
    title: "Reply parsing: the patient's new text from public corpora and our clients' messages, large messages",
  },
] as const;

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((step) => step.name).join(', ')}.`);
  process.exit(2);
}
const steps = STEPS.filter((step) => wanted.length === 0 || wanted.includes(step.name));

/** Colour codes some tools print. */
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** Runs one npm script, echoing what it prints and keeping a copy for the report. */
function runStep(script: string, figuresFile: string): Promise<Omit<StepOutcome, 'title'>> {
  const started = performance.now();
  const { command, args, shell } = npmScriptCommand(script);
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, [FIGURES_FILE_VARIABLE]: figuresFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell,
    });
    let output = '';
    const keep = (chunk: Buffer | string, sink: NodeJS.WriteStream) => {
      sink.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    // A command that cannot start is an 'error' (then a 'close' with a negative code): said plainly, with exit 127 as a shell gives.
    let failedToStart = false;
    child.on('error', (error: NodeJS.ErrnoException) => {
      failedToStart = true;
      const npmMissing = error.code === 'ENOENT' && command === 'npm';
      keep(
        `${npmMissing ? npmMissingMessage(script) : `Could not start ${command} to run ${script}: ${error.message}`}\n`,
        process.stderr,
      );
    });
    child.on('close', (code, signal) => {
      const exitCode = failedToStart ? 127 : (code ?? (signal ? 128 : 1));
      done({ script, exitCode, seconds: (performance.now() - started) / 1000, output: output.replace(ANSI, '') });
    });
  });
}

function readLoadFigures(): LoadFigures | undefined {
  try {
    return JSON.parse(readFileSync(LOAD_FIGURES, 'utf8')) as LoadFigures;
  } catch {
    return undefined;
  }
}

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !==
      '';
    return dirty ? `${sha} with uncommitted changes` : sha;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-figures-'));
const figuresFile = join(scratch, 'figures.jsonl');
const writtenAt = new Date();
const [one, five, fifteen] = loadavg();
const machine = {
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  cores: cpus().length,
  memoryGiB: totalmem() / 1024 ** 3,
  os: `${type()} ${release()}`,
  node: process.version,
  loadAverage: [one ?? 0, five ?? 0, fifteen ?? 0] as [number, number, number],
};

const outcomes: StepOutcome[] = [];
try {
  if (steps.some((step) => step.name === 'load')) rmSync(LOAD_FIGURES, { force: true });
  for (const step of steps) {
    console.log(`\n=== npm run ${step.script} ===\n`);
    outcomes.push({ title: step.title, ...(await runStep(step.script, figuresFile)) });
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  const load = steps.some((step) => step.name === 'load') ? readLoadFigures() : undefined;
  writeFileSync(
    REPORT,
    benchmarkMarkdown({
      writtenAt,
      commit: commit(),
      machine,
      steps: outcomes,
      figures: readFigures(figuresFile),
      ...(load ? { load } : {}),
    }),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const failed = outcomes.filter((outcome) => outcome.exitCode !== 0);
console.log(
  `\nWrote ${REPORT.slice(ROOT.length + 1)}: ${outcomes.length - failed.length} of ${outcomes.length} steps passed.`,
);
if (failed.length > 0) process.exit(1);
