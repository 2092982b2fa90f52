/**
 * Child process of large-messages.ts: times one large input through the
 * product's pipeline (readMessage, then threadText) and prints the figures
 * as one JSON line. Run as `node --import tsx time-large.ts <input> <runs>`.
 */
import { readMessage, threadText } from '../../functions/conversation/inbound-processing';
import { LARGE_INPUTS, type LargeInput, type Timing, largeMessage } from './large-messages';

const name = process.argv[2] as LargeInput;
const runs = Number(process.argv[3] ?? '3');
if (!(name in LARGE_INPUTS)) throw new Error(`Unknown input ${name}`);

const raw = largeMessage(name);
const timing: Timing = { name, bytes: raw.length, readMessageMs: [], threadTextMs: [] };
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const message = await readMessage(raw, Date.now());
  const read = performance.now();
  const { text } = threadText(message);
  timing.readMessageMs?.push(read - started);
  timing.threadTextMs?.push(performance.now() - read);
  timing.textLength = text.length;
}
console.log(JSON.stringify(timing));
