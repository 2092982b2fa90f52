/**
 * `npm run test:load`: the local stack under load while its backing services
 * fail, then proof that nothing was lost or doubled.
 *
 * 2,000 visitors send enquiries, 32 at a time (one in twenty as a plain form
 * post), while staff clients list, open, export and work enquiries with one
 * token each, and an image is fetched now and then. Visitors answer as the
 * mails reach them (bench/load/answers.ts): every reply staff sent, and one
 * visitor in ten its acknowledgement before any reply; by turns by SMTP mail
 * to the mail's reply address through the stack's SMTP door (a 4xx is sent
 * again, the same bytes, after a growing pause, as a mail server does) and on
 * their page with the mail's link (a refusal is sent again with the same
 * message id). Meanwhile SES refuses for a while, DynamoDB slows down and
 * then refuses for a few seconds, and S3 refuses, and S3 and DynamoDB refuse
 * again while the answers come in (bench/load/fault-timeline.ts). A refused
 * visitor is checked to be told so honestly and sends the same fill again
 * until it is stored. When all are in, the services are back, the staff
 * clients must work again with the tokens they had, answers under way are
 * sent until taken, and the mail-retry job runs until nothing is due. The
 * translation job runs every second beside the visitors (Translate refuses
 * for part of the run) and, after the load, until nothing is due
 * (bench/load/translations.ts; TRANSLATE_DAILY_CHARS is set far above the
 * run's use, so nothing waits for the next day: capping is the unit tests').
 * A staff member merges duplicate enquiries, undoes merges and splits
 * messages out meanwhile (bench/load/merges.ts). Hostile mail comes through
 * the SMTP door over the faults (bench/load/hostile-mail.ts): malformed mail
 * at two visitors' reply addresses (a header section past 1 MiB, 1,001 MIME
 * parts, bytes that are no message, an answer above 80,000 `>` or above
 * 2 MiB of quoted mail), the first of each kind sent twice; and at two
 * others', forged mail in their name asking to cancel, past an authenticated
 * sender's hourly limit, after which each answers by mail herself.
 * Then:
 * every visitor stored exactly once under the reference it was given, every
 * staff mail and acknowledgement (and every reply staff sent) delivered
 * exactly once; every answer the door or the page took in its own enquiry's
 * thread exactly once, none in another's and nothing kept apart (unmatched)
 * but the hostile mail, no visitor silenced, and the owner's notice once per
 * visitor message
 * (functions/work/visitor-wrote.ts); every original that needs a translation
 * (each stored enquiry but a Korean one, each visitor message) with exactly
 * one translation job, done; every message of the merged enquiries once, in
 * the enquiry it belongs to, every merge finished; every hostile message
 * taken, and once where it belongs (bench/load/verify-hostile.ts): the
 * unreadable kept in the refused box, the readable in its enquiry, a forged
 * one filed marked unverified or kept as unmatched. Last, the API fuzzing of `npm test` runs
 * longer, with a new seed it prints (pass FUZZ_SEED to replay one).
 *
 * It prints throughput, p50/p95/p99 latency per route (the SMTP door's tries
 * as a route), errors by kind, the answers' figures, lost and duplicated
 * counts, and writes them to reports/load.json:
 *
 *   {
 *     ranAt: string (ISO), machine: { cpus, model, node, loadAverage: [1, 5, 15 min] },
 *     load: { visitors, clients, staffClients, seconds, enquiriesPerSecond, requestsPerSecond,
 *             attemptsPerVisitor: { max, mean }, storedFirstTry },
 *     routes: [ { route: "<METHOD path>", requests, throughput (req/s), p50, p95, p99 (ms), errors: { "<status code>": count } } ],
 *     errors: { "<status code>": count },                  // every route together, most first
 *     lost: number, duplicated: number,                     // all kinds together (enquiries, staff mails, acknowledgements, replies, answers, notices, translations)
 *     faults: [ { service, fault, fromS, untilS } ],        // seconds since the load began
 *     mailRetry: { runs, sent },                            // the retry job after the services came back
 *     translation: { runs, runsFailed, outcomes: { <outcome>: count },   // the translation job, during the load and after it
 *                    expected: { enquiries, messages },      // originals that need a translation
 *                    lost, doubled, stray, notDone: { <state>: count }, capped,
 *                    perEnquiry: { translations, chars },    // means over the stored enquiries
 *                    charsCounted, charsOfDone, problems: [string],
 *                    notices: { translated, stateSaid, untranslated } },   // staff's notices: with the Korean text, saying where it stood, without
 *     answers: { byMail, byPage, answeringAcknowledgement, answeringReply,   // the visitors' answers (counts)
 *                mail: { attempts, retriesAfter4xx, retriesAfterDroppedConnection }, page: { attempts, retries, misled },
 *                toThreadMs: { p50, p95 },                  // first try to the answer saying it is in the thread
 *                lost, doubled, misfiled, gaveUp, keptApart: { <box>: count },
 *                notices: { delivered, lost, doubled } },   // the owner's notice of each answer
 *     verdict: { lost, duplicated, delivered: { enquiries, staffMails, acknowledgements, replies, answers, notices },
 *                gaveUp, wrongReference, outbox: { <state>: count }, lostMails: [string],
 *                answers: { misfiled, gaveUp, bounced, keptApart, silenced },   // silenced: visitors with an answer taken but not in their thread
 *                hostile: { malformed: HostileTally, forged: HostileTally,   // HostileTally: { sent, once, lost, doubled, misplaced, passedAsVerified, notTaken }
 *                           sentAgain, problems: [string] } },   // sendings after a message's first: its second, and tries after a 4xx
 *     merging: { merged, undone, split, retries, conflicts, refused: [string],   // a staff member merging duplicates meanwhile
 *                messages, lost, doubled, misplaced, unfinished },
 *     honesty: { visitorsMisled, staffMisled, staffRecovered, staffClientsThatSawErrors },
 *     fuzz: { seed, requests: { <property>: n }, statuses: { <status>: n }, failure?: string },
 *     ok: boolean                                           // the exit status: 0 when true
 *   }
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { faultControlClient } from '../local/faults/control-client';
import { startScratchStack } from '../local/scratch-stack';
import { FUZZ_PROPERTIES, type FuzzProperty, apiFuzzer } from '../tests/support/fuzz/api-fuzz';
import { signIn } from '../tests/support/stack';
import type { LoadFigures } from './report-markdown';
import { BENCH_STAFF } from './support';
import { type FaultEvent, playFaults } from './load/fault-timeline';
import { LoadFigures as LoadRecorder, timedFetch } from './load/figures';
import { startStaffClient } from './load/staff';
import { answerFigures, startAnswering } from './load/answers';
import { verify } from './load/verify';
import { startHostileMail } from './load/hostile-mail';
import { hostileLine, hostileWhole } from './load/verify-hostile';
import { runVisitors } from './load/visitors';
import { checkMerges, mergeFigures, startMerging } from './load/merges';
import {
  checkTranslations,
  noticeTranslations,
  startTranslating,
  translateUntilDone,
  translationsWhole,
} from './load/translations';
import { capturedMail } from '../tests/support/stack';

const VISITORS = 2_000;
const CLIENTS = 32;
const STAFF_CLIENTS = 4;
/** The longer fuzzing run: twice `npm test`'s, on a stack of its own (small tables keep each store check quick). */
const FUZZ_RUNS: Record<FuzzProperty, number> = { hostileBodies: 700, oneBadField: 900, strayRequests: 400 };
const IMAGE_PATH = '/image/best-1-checkup.webp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The stack's clock runs ahead at the end, so the retry job finds every mail due without waiting out its back-off.
let clockOffsetMs = 0;
const stack = await startScratchStack({
  staffEmail: BENCH_STAFF.email,
  staffPassword: BENCH_STAFF.password,
  clock: { now: () => Date.now() + clockOffsetMs },
  env: {
    // 2,000 enquiries and their mails in one day are far past the daily cap the operator sets for real use.
    MAIL_DAILY_CAP: '1000000',
    // SES answers in milliseconds; here the emulators, the API and 37 clients share one process on a busy machine,
    // and a send that waits past its time-out counts as "may have been accepted" (flagged, never sent again). The
    // faults this run injects are refusals, which the outbox retries; a hanging SES is fault-injection.test.ts's.
    MAIL_TIMEOUT_MS: '30000',
    // Every visitor answering on their page comes from this machine's one address, whose link tries are counted
    // together (a right link takes its try back, but not one cut short by an injected fault).
    LOGIN_FAILURES_PER_ADDRESS: '1000000',
    // The run sends some 2,000 enquiries and their answers to translation in one day, past the default cap: set far
    // above it, so every translation is made today and a capped one is a fault (the cap itself is translation-work.test.ts's).
    TRANSLATE_DAILY_CHARS: '100000000',
  },
});

/** The fuzzing of `npm test`, longer and with a new seed, on a fresh stack. */
async function fuzzLonger() {
  const seed = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`Fuzzing every route longer (seed ${seed}; FUZZ_SEED=${seed} replays it)...`);
  const fuzz: {
    seed: number;
    requests: Partial<Record<FuzzProperty, number>>;
    statuses: Record<string, number>;
    failure?: string;
  } = { seed, requests: {}, statuses: {} };
  const fresh = await startScratchStack({ staffEmail: BENCH_STAFF.email, staffPassword: BENCH_STAFF.password });
  const fuzzer = await apiFuzzer(fresh);
  try {
    for (const property of FUZZ_PROPERTIES) {
      const counts = await fuzzer.run(property, { seed, runs: FUZZ_RUNS[property] });
      fuzz.requests[property] = counts.requests;
      for (const [status, count] of Object.entries(counts.statuses))
        fuzz.statuses[status] = (fuzz.statuses[status] ?? 0) + count;
    }
  } catch (error) {
    fuzz.failure = error instanceof Error ? error.message : String(error);
  } finally {
    fuzzer.close();
    await fresh.dispose();
  }
  return fuzz;
}

let exitCode = 1;
try {
  const figures = new LoadRecorder();
  const control = faultControlClient(stack.faults.control);
  const tokens = await Promise.all(
    Array.from({ length: STAFF_CLIENTS }, () => signIn(stack, BENCH_STAFF.email, BENCH_STAFF.password)),
  );

  console.log(
    `Load: ${VISITORS} visitors, ${CLIENTS} at a time, ${STAFF_CLIENTS} staff clients; faults as the visitors progress.`,
  );
  const started = performance.now();
  const visitors = runVisitors(stack.url, VISITORS, CLIENTS, figures);
  const storedIndexes = () =>
    visitors.visitors.flatMap((visitor) => (visitor.reference ? [Number(visitor.reference.slice(3))] : []));
  let staffRunning = true;
  const staff = tokens.map((token) =>
    startStaffClient({ baseUrl: stack.url, token, figures, storedIndexes, running: () => staffRunning }),
  );
  const images = (async () => {
    while (staffRunning) {
      await timedFetch(figures, 'GET /image/{file}', `${stack.url}${IMAGE_PATH}`);
      await sleep(100);
    }
  })();
  const answering = startAnswering(stack, figures);
  const hostile = startHostileMail(stack, figures, answering, () => visitors.finished() / VISITORS);
  const merging = startMerging(
    stack,
    await signIn(stack, BENCH_STAFF.email, BENCH_STAFF.password),
    figures,
    () => visitors.finished() / VISITORS,
  );
  const translating = startTranslating(stack);
  const faultEvents: Promise<FaultEvent[]> = playFaults(control, () => visitors.finished() / VISITORS, started);

  await visitors.done;
  await merging.done;
  const loadSeconds = (performance.now() - started) / 1000;
  const faults = await faultEvents;
  staffRunning = false;
  await Promise.all([...staff.map((client) => client.done), images]);
  // The hostile mail sent until taken (or given up), the forged-at patients' own answers queued; then no new answers
  // once the load is over, and those under way are sent until taken (or given up).
  await hostile.done;
  await answering.stop();
  await translating.stop();

  // The back office after the outage: the same tokens, no new sign-in.
  for (const [index, { client }] of staff.entries()) {
    const answer = await timedFetch(figures, 'POST /api/view', `${stack.url}/api/view`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json' },
      body: '{}',
    });
    if (answer.status === 200) client.recovered = true;
  }

  // The clock past every back-off the outage left. The translation job first, until nothing is due: it sends the staff
  // notices still waiting for their translation (functions/translation/waiting-notice.ts), as it would have on time.
  clockOffsetMs = 2 * 60 * 60_000;
  await translateUntilDone(stack, translating.figures);
  // Then the mail-retry job, as EventBridge runs it, until nothing is due.
  let retryRuns = 0;
  let retrySent = 0;
  for (;;) {
    const outcome = await stack.runMailRetry();
    retryRuns += 1;
    retrySent += outcome.sent;
    const handled =
      outcome.sent +
      outcome.pending +
      outcome.failed +
      outcome.skipped +
      outcome.held +
      outcome.uncertain +
      outcome.sending +
      outcome.digested;
    if (handled === 0 || retryRuns > 1_000) break;
  }
  clockOffsetMs = 0;

  const verdict = await verify(
    stack,
    visitors.visitors,
    staff.map(({ client }) => client),
    answering.answers,
    hostile.messages,
  );
  const translations = await checkTranslations(stack);
  const merges = mergeFigures(merging.run, await checkMerges(stack, merging.run));
  const notices = noticeTranslations(await capturedMail(stack), stack.settings['MAIL_TO'] ?? '');

  const fuzz = await fuzzLonger();

  const routes = figures.routes(loadSeconds);
  const requests = routes.reduce((sum, route) => sum + route.requests, 0);
  const attempts = visitors.visitors.map((visitor) => visitor.attempts);
  const answered = answerFigures(answering.answers);
  // Visitors sending an enquiry, and visitors answering on their page: both must be told the truth when refused.
  const visitorsMisled = visitors.visitors.reduce((sum, visitor) => sum + visitor.dishonest, 0) + answered.page.misled;
  const staffMisled = staff.reduce((sum, { client }) => sum + client.dishonest, 0);
  const staffSawErrors = staff.filter(({ client }) => client.sawError).length;
  const staffRecovered = staff.every(({ client }) => client.recovered);
  const total = (tally: object) => Object.values(tally).reduce((sum: number, count: number) => sum + count, 0);
  const nothingWrong = (tally: object) => total(tally) === 0;
  const ok =
    nothingWrong(verdict.lost) &&
    nothingWrong(verdict.duplicated) &&
    verdict.gaveUp === 0 &&
    verdict.wrongReference === 0 &&
    verdict.answers.misfiled === 0 &&
    verdict.answers.gaveUp === 0 &&
    nothingWrong(verdict.answers.keptApart) &&
    verdict.answers.silenced === 0 &&
    hostileWhole(verdict.hostile) &&
    // A run in which nobody answered one way or the other proved nothing about it.
    answered.byMail > 0 &&
    answered.byPage > 0 &&
    visitorsMisled === 0 &&
    staffMisled === 0 &&
    staffRecovered &&
    translationsWhole(translations) &&
    merges.whole &&
    fuzz.failure === undefined;

  const report = {
    ranAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    },
    load: {
      visitors: VISITORS,
      clients: CLIENTS,
      staffClients: STAFF_CLIENTS,
      seconds: Math.round(loadSeconds * 10) / 10,
      enquiriesPerSecond: Math.round((verdict.delivered.enquiries / loadSeconds) * 10) / 10,
      requestsPerSecond: Math.round((requests / loadSeconds) * 10) / 10,
      attemptsPerVisitor: {
        max: Math.max(...attempts),
        mean: Math.round((attempts.reduce((a, b) => a + b, 0) / attempts.length) * 100) / 100,
      },
      storedFirstTry: attempts.filter((count) => count === 1).length,
    },
    routes,
    errors: figures.errorsByKind(),
    lost: total(verdict.lost) + translations.lost,
    duplicated: total(verdict.duplicated) + translations.doubled,
    faults,
    mailRetry: { runs: retryRuns, sent: retrySent },
    translation: { ...translating.figures, ...translations, notices },
    answers: {
      ...answered,
      lost: verdict.lost.answers,
      doubled: verdict.duplicated.answers,
      misfiled: verdict.answers.misfiled,
      gaveUp: verdict.answers.gaveUp,
      keptApart: verdict.answers.keptApart,
      notices: {
        delivered: verdict.delivered.notices,
        lost: verdict.lost.notices,
        doubled: verdict.duplicated.notices,
      },
    },
    merging: merges.figures,
    verdict,
    honesty: { visitorsMisled, staffMisled, staffRecovered, staffClientsThatSawErrors: staffSawErrors },
    fuzz,
    ok,
  } satisfies LoadFigures;
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/load.json', `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\nThroughput: ${report.load.enquiriesPerSecond} enquiries/s stored, ${report.load.requestsPerSecond} requests/s, ${report.load.seconds} s of load (${report.machine.cpus} cores, load average ${report.machine.loadAverage.join(' ')})`,
  );
  console.log(
    `Visitors: ${report.load.storedFirstTry} stored at the first try; at most ${report.load.attemptsPerVisitor.max} tries (mean ${report.load.attemptsPerVisitor.mean})`,
  );
  console.log('\nroute                              requests      p50        p95        p99   errors');
  for (const figure of routes) {
    const errors = Object.entries(figure.errors)
      .map(([kind, count]) => `${count}× ${kind}`)
      .join(', ');
    console.log(
      `${figure.route.padEnd(33)} ${String(figure.requests).padStart(8)} ${`${figure.p50} ms`.padStart(10)} ${`${figure.p95} ms`.padStart(10)} ${`${figure.p99} ms`.padStart(10)}   ${errors || '-'}`,
    );
  }
  console.log(
    `\nErrors by kind: ${
      Object.entries(report.errors)
        .map(([kind, count]) => `${kind}: ${count}`)
        .join(', ') || 'none'
    }`,
  );
  console.log(
    `Faults: ${faults.map((event) => `${event.service} ${event.fault} ${event.fromS}-${event.untilS ?? '?'} s`).join('; ')}`,
  );
  console.log(
    `Mail retry job: ${retryRuns} runs, ${retrySent} mails sent after the services came back; outbox ${JSON.stringify(verdict.outbox)}`,
  );
  const { answers } = report;
  console.log(
    `Answers: ${answers.byMail} by mail (${answers.mail.attempts} tries, ${answers.mail.retriesAfter4xx} retries after a 4xx, ${answers.mail.retriesAfterDroppedConnection} after a dropped connection), ${answers.byPage} on the page (${answers.page.attempts} tries, ${answers.page.retries} retries); ${answers.answeringAcknowledgement} to an acknowledgement, ${answers.answeringReply} to a reply`,
  );
  console.log(
    `  in the thread p50 ${answers.toThreadMs.p50} ms, p95 ${answers.toThreadMs.p95} ms after the first try; lost ${answers.lost}, doubled ${answers.doubled}, in another thread ${answers.misfiled}, given up ${answers.gaveUp}, kept apart ${JSON.stringify(answers.keptApart)}; owner's notices ${JSON.stringify(answers.notices)}`,
  );
  const translated = report.translation;
  console.log(
    `Translations: ${translated.expected.enquiries} enquiries and ${translated.expected.messages} messages to translate; lost ${translated.lost}, doubled ${translated.doubled}, stray ${translated.stray}, not done ${JSON.stringify(translated.notDone)}, capped ${translated.capped}`,
  );
  console.log(
    `  per enquiry ${translated.perEnquiry.translations} translations, ${translated.perEnquiry.chars} characters (mean); the job ran ${translated.runs} times (${translated.runsFailed} failed as a whole), outcomes ${JSON.stringify(translated.outcomes)}; characters counted ${translated.charsCounted}, of done jobs ${translated.charsOfDone}`,
  );
  console.log(
    `  staff notices: ${notices.translated} with the Korean text, ${notices.stateSaid} saying where the translation stood, ${notices.untranslated} without (Korean, or sent at the end of their wait)`,
  );
  if (translated.problems.length) console.log(`Translations wrong:\n  ${translated.problems.join('\n  ')}`);
  console.log(hostileLine(verdict.hostile, verdict.answers.silenced));
  if (verdict.hostile.problems.length) console.log(`Hostile mail wrong:\n  ${verdict.hostile.problems.join('\n  ')}`);
  console.log(merges.line);
  console.log(`Delivered exactly once: ${JSON.stringify(verdict.delivered)}`);
  if (verdict.lostMails.length) console.log(`Mails lost:\n  ${verdict.lostMails.join('\n  ')}`);
  console.log(
    `Lost: ${JSON.stringify(verdict.lost)}   Duplicated: ${JSON.stringify(verdict.duplicated)}   never stored: ${verdict.gaveUp}   wrong reference: ${verdict.wrongReference}`,
  );
  console.log(
    `Honesty: ${visitorsMisled} visitor and ${staffMisled} staff refusals without a usable JSON answer; ${staffSawErrors} of ${STAFF_CLIENTS} staff clients saw errors, ${staffRecovered ? 'all' : 'NOT all'} recovered with their tokens`,
  );
  console.log(
    `Fuzz (seed ${fuzz.seed}): ${JSON.stringify(fuzz.requests)} requests, statuses ${JSON.stringify(fuzz.statuses)}${fuzz.failure ? `\nFUZZ FAILURE:\n${fuzz.failure}` : ''}`,
  );
  console.log(
    `\n${ok ? 'OK: nothing lost, nothing doubled, every refusal honest.' : 'FAILED (see above).'} Figures in reports/load.json.`,
  );
  exitCode = ok ? 0 : 1;
} finally {
  await stack.dispose();
}
process.exit(exitCode);
