/**
 * `npm run fault -- <service> <fault>`: makes a backing service of the
 * running local stack (`npm start` or `npm run dev` on DATA_DIR) refuse, hang
 * or slow down, and brings it back. Local only: it talks to the stack's fault
 * control endpoint on 127.0.0.1 with the key the stack wrote to its data folder.
 *
 *   npm run fault -- ses down          SES refuses (down = refuse)
 *   npm run fault -- dynamodb slow 800 every DynamoDB call waits 800 ms first
 *   npm run fault -- s3 hang           S3 calls wait until S3 is brought back
 *   npm run fault -- translate down    the Translate stand-in refuses
 *   npm run fault -- ses up            SES back
 *   npm run fault -- all up            every service back
 *   npm run fault -- status            what is injected now
 */
import { resolve } from 'node:path';
import { type FaultControlAddress, faultControlClient } from '../faults/control-client';
import type { FaultState } from '../faults/control-server';
import {
  FAULT_SERVICES,
  type FaultService,
  SERVICE_UP,
  describeFault,
  isFaultService,
  parseFault,
} from '../faults/faults';
import { runningFaultControl } from '../run-settings';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(`Usage: npm run fault -- <${FAULT_SERVICES.join('|')}|all> <up|refuse|down|hang|slow <ms>>
       npm run fault -- status
  Works on the stack running on DATA_DIR (default .data); FAULT_CONTROL_URL and FAULT_CONTROL_KEY name another.`);
  process.exit(2);
}

function controlAddress(): FaultControlAddress {
  const url = process.env['FAULT_CONTROL_URL'];
  const key = process.env['FAULT_CONTROL_KEY'];
  if (url && key) return { url, key };
  const dataDir = resolve(process.env['DATA_DIR'] || '.data');
  const running = runningFaultControl(dataDir);
  if (!running) {
    console.error(
      `No local stack is running on ${dataDir}. Start one with npm start (or set DATA_DIR to its data folder).`,
    );
    process.exit(1);
  }
  return running;
}

function print(state: FaultState) {
  for (const service of FAULT_SERVICES) {
    const { fault, waiting } = state[service];
    console.log(`  ${service.padEnd(9)} ${describeFault(fault)}${waiting ? `, ${waiting} request(s) held` : ''}`);
  }
}

async function main() {
  const [target, ...words] = process.argv.slice(2);
  if (!target || target === 'help' || target === '--help') usage();
  const client = faultControlClient(controlAddress());
  if (target === 'status') {
    if (words.length) usage('status takes nothing more');
    return print(await client.state());
  }
  if (target !== 'all' && !isFaultService(target)) usage(`No service "${target}"`);
  const fault = parseFault(words);
  if (typeof fault === 'string') usage(fault);
  const services: readonly FaultService[] = target === 'all' ? FAULT_SERVICES : [target as FaultService];
  let state: FaultState | undefined;
  if (target === 'all' && fault.mode === SERVICE_UP.mode) state = await client.restoreAll();
  else for (const service of services) state = await client.set(service, fault);
  if (state) print(state);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
