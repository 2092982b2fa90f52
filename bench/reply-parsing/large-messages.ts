/**
 * The large answers the benchmark times through readMessage and threadText:
 * a 176 KB mail of quoted lines, an answer with one line of 80,000 ">", a
 * 10 MiB message of quoted lines, and the same with a signature below them. Each is timed in a child process of its
 * own (time-large.ts), so a parser that takes minutes on one does not stop
 * the others and the figures of one are not skewed by another's garbage; the
 * child is stopped after a generous guard and the input reported as not
 * finished (a guard, not a limit: nothing here passes or fails).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { rawMessage } from './mime';
import { CENTRE, CENTRE_ADDRESS } from './own-texts';

const HEADER = `On Wed, Mar 12, 2025 at 10:15 AM ${CENTRE} <${CENTRE_ADDRESS}> wrote:`;
const NEW_TEXT = 'Thank you, the 10th suits me.';

/** A text part: the new text, the attribution, then quoted lines up to `bytes`. */
export function quotedLines(bytes: number): string {
  const lines = [NEW_TEXT, '', HEADER, ''];
  let size = lines.join('\n').length;
  for (let i = 1; size < bytes; i += 1) {
    const line = `> ${i}. The programme, the prices and the hotel near the clinic, as we wrote before.`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

export const LARGE_INPUTS = {
  'quoted mail, 176 KB': () => quotedLines(176 * 1024),
  'one line of 80,000 ">"': () => `${NEW_TEXT}\n\n${HEADER}\n\n${'>'.repeat(80_000)}\n`,
  '10 MiB of quoted lines': () => quotedLines(10 * 1024 * 1024),
  // An unquoted line below the quote: each quoted line once read the rest again in the earlier parser.
  '10 MiB of quoted lines, a signature below': () => `${quotedLines(10 * 1024 * 1024)}\n-- \nEmily Clark\n`,
} as const;
export type LargeInput = keyof typeof LARGE_INPUTS;

export function largeMessage(name: LargeInput): Buffer {
  return rawMessage({
    from: 'Emily Clark <emily.clark@mail.example>',
    to: 'MT-000123 <reply+mt-000123@reply.medical-tourism.example>',
    subject: 'Re: Your enquiry MT-000123',
    date: 'Thu, 13 Mar 2025 09:30:00 +0900',
    messageId: '<large@mail.example>',
    text: LARGE_INPUTS[name](),
    encoding: '8bit',
  });
}

export interface Timing {
  name: LargeInput;
  bytes?: number;
  /** Each run's time in readMessage (MIME) and in threadText (the reply parser), ms. */
  readMessageMs?: number[];
  threadTextMs?: number[];
  /** The length of the new text threadText gave (a sanity check, not a verdict). */
  textLength?: number;
  /** Why there are no figures: the child failed or did not finish within the guard. */
  error?: string;
}

const CHILD = join(import.meta.dirname, 'time-large.ts');

/** Times one input in a child process (this Node, with the same loader flags), `runs` times. */
export function timeInChild(name: LargeInput, runs: number, guardMs: number): Promise<Timing> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, CHILD, name, String(runs)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), guardMs);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      if (signal === 'SIGKILL') return done({ name, error: `did not finish within ${guardMs / 1000} s` });
      try {
        if (code !== 0) throw new Error(err.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`);
        done(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Timing);
      } catch (error) {
        done({ name, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
}
