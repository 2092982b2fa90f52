/**
 * `npm start`: the product on 127.0.0.1 with embedded emulators. Ctrl-C stops
 * everything; data stays in DATA_DIR for the next start.
 */
import { createServer } from 'node:net';
import { LOOPBACK } from '../emulators/loopback';
import {
  announceEndpoints,
  faultControlLines,
  inboundMailLine,
  malwareScanLine,
  reportStartFailure,
  runSettings,
  stopOnSignals,
  translationLine,
} from '../run-settings';
import { buildSiteIfStale, siteAddress } from './site-build';
import { startLocalStack } from '../stack';

/** A port free on the loopback now, for `PORT=0`: the site must be built for the port it will be served on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

async function main() {
  const settings = runSettings();
  const port = settings.port || (await freePort());
  // The pages' canonical and Open Graph links name the address they are served on.
  await buildSiteIfStale(siteAddress(process.env, port));
  const stack = await startLocalStack({ ...settings, port, env: process.env });
  announceEndpoints(stack, settings.dataDir);

  console.log(`
  Medical tourism centre, running locally
    site and API   ${stack.url}/
    staff sign-in  ${stack.url}/login   (${settings.staffEmail} / ${settings.passwordNote})
    mailbox        ${stack.mailboxUrl}/   (every mail the site sends)
${inboundMailLine(stack)}
${translationLine(stack)}
${malwareScanLine()}
${faultControlLines(stack)}
    data           ${settings.dataDir}
  Ctrl-C stops it.
`);
  stopOnSignals(() => stack.stop());
}

main().catch(reportStartFailure);
