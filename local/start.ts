/**
 * `npm start`: the product on 127.0.0.1 with embedded emulators. Ctrl-C stops
 * everything; data stays in DATA_DIR for the next start.
 */
import { announceEndpoints, reportStartFailure, runSettings, stopOnSignals } from './run-settings';
import { buildSiteIfStale } from './site-build';
import { startLocalStack } from './stack';

async function main() {
  await buildSiteIfStale();
  const settings = runSettings();
  const stack = await startLocalStack({ ...settings, env: process.env });
  announceEndpoints(stack, settings.dataDir);

  console.log(`
  Medical tourism centre, running locally
    site and API   ${stack.url}/
    staff sign-in  ${stack.url}/login   (${settings.staffEmail} / ${settings.passwordNote})
    mailbox        ${stack.mailboxUrl}/   (every mail the site sends)
    data           ${settings.dataDir}
  Ctrl-C stops it.
`);
  stopOnSignals(() => stack.stop());
}

main().catch(reportStartFailure);
