/**
 * A staff member merging duplicates while the load runs and its services
 * fail (bench/load/fault-timeline.ts): each of PAIRS visitors wrote twice,
 * with messages in both enquiries; the first is merged into the second,
 * every third merge is undone, every fourth pair has a message split out
 * into a new enquiry. A refused request is sent again as the back office
 * does: the same body after a 5xx (a merge or an undo that failed midway
 * finishes on it), the versions read again after a 409. The visitors write
 * on their pages (bench/load/answer-senders.ts). Then, read from the
 * table, each message must be in the enquiry it belongs to now, exactly once.
 * Their visitors are not load visitors, so nothing answers their mails.
 */
import type { LocalStack } from '../../local/stack-types';
import { apiPath } from '../../shared/routes';
import { mintVisitorLink } from '../../functions/visitor/visitor-links';
import { storeReader } from '../../tests/support/fuzz/store-snapshot';
import { sendOnPage } from './answer-senders';
import { type Answer, type LoadFigures, timedFetch } from './figures';
import { pauseMs } from './visitors';

const PAIRS = 24;
const MAX_TRIES = 200;
const ROUTES = {
  send: 'POST /api/sendmail (merging)',
  detail: 'GET /api/detail/{index} (merging)',
  thread: 'GET /api/thread/{index} (merging)',
  merge: 'POST /api/enquiries/{index}/merge',
  unmerge: 'POST /api/enquiries/{index}/unmerge',
  split: 'POST /api/enquiries/{index}/split',
} as const;

export interface MergeRun {
  merged: number;
  undone: number;
  split: number;
  /** Requests sent again after a refusal (5xx, network), and after a conflict (409). */
  retries: number;
  conflicts: number;
  /** Refused for good (a 4xx other than 409): the run counts it as a failure. */
  refused: string[];
  /** Each message's text and the enquiry it must be in at the end. */
  expected: Map<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startMerging(
  stack: Pick<LocalStack, 'url' | 'deps'>,
  token: string,
  figures: LoadFigures,
  /** How far the load has come, 0..1. */
  progress: () => number,
): { run: MergeRun; done: Promise<void> } {
  const run: MergeRun = { merged: 0, undone: 0, split: 0, retries: 0, conflicts: 0, refused: [], expected: new Map() };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = (route: string, path: string, data: unknown) =>
    timedFetch(figures, route, `${stack.url}${path}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  const get = (route: string, path: string) => timedFetch(figures, route, `${stack.url}${path}`, { headers });

  /**
   * Sends until taken (2xx); a 409 reads again (`send()` reads the versions afresh); another 4xx is refused for
   * good, unless `tookEarlier` finds that an earlier try, whose answer was lost, went through.
   */
  async function until(
    send: () => Promise<Answer>,
    what: string,
    tookEarlier?: () => Promise<boolean>,
  ): Promise<Answer | undefined> {
    let failedBefore = false;
    for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
      const answer = await send();
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (failedBefore && answer.status === 400 && tookEarlier && (await tookEarlier())) return answer;
      failedBefore ||= answer.status >= 500 || answer.status === 0;
      if (answer.status === 409) run.conflicts += 1;
      else if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        run.refused.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
        return undefined;
      } else run.retries += 1;
      await sleep(pauseMs(answer, attempt));
    }
    run.refused.push(`${what}: never taken`);
    return undefined;
  }

  const version = async (index: number) => {
    const answer = await until(() => get(ROUTES.detail, apiPath('detail', { index })), `read ${index}`);
    return (JSON.parse(answer?.body ?? '[]') as { VERSION?: number }[])[0]?.VERSION ?? 0;
  };

  async function send(pair: number, which: string): Promise<number> {
    const data = {
      user_name: `병합 방문자 ${pair}`,
      user_email: `merging-${pair}@merging.example`,
      section: which === 'first' ? '병원예약' : '컨시어지',
      message: `Merging pair ${pair}, ${which} enquiry`,
      user_count: 1,
      user_Room: 1,
      consent_privacy: true,
      consent_health: true,
      page_locale: 'ko',
      submission_id: crypto.randomUUID(),
    };
    const answer = await until(
      () =>
        timedFetch(figures, ROUTES.send, `${stack.url}/api/sendmail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data }),
        }),
      `send ${pair}`,
    );
    return Number(/MT-(\d+)/.exec(answer?.body ?? '')?.[1] ?? 0);
  }

  /**
   * The visitor writes on their enquiry's page, with a link minted as a mail to them would carry it (their mails may
   * wait in the outbox while SES is down): the message is kept, translated and noticed as any.
   */
  async function visitorWrites(postIndex: number, text: string): Promise<void> {
    let url = '';
    for (let attempt = 1; !url; attempt += 1) {
      try {
        url = await mintVisitorLink(stack.deps, postIndex, 'ko');
      } catch (error) {
        if (attempt >= MAX_TRIES) throw error;
        await sleep(250);
      }
    }
    const sending = await sendOnPage(stack.url, url.split('#')[1] ?? '', text, figures);
    if (sending.outcome === 'stored') run.expected.set(text, postIndex);
    else run.refused.push(`message on ${postIndex}: ${sending.outcome} (${sending.refusals.join(', ')})`);
  }

  async function onePair(pair: number): Promise<void> {
    const [first, second] = [await send(pair, 'first'), await send(pair, 'second')];
    if (!first || !second) return;
    for (const [index, label] of [
      [first, 'a'],
      [first, 'b'],
      [second, 'c'],
    ] as const)
      await visitorWrites(index, `merging ${pair}${label} ${crypto.randomUUID()}`);
    const merged = await until(
      async () =>
        post(ROUTES.merge, apiPath('mergeEnquiry', { index: first }), {
          into: second,
          version: await version(first),
          intoVersion: await version(second),
        }),
      `merge ${first} into ${second}`,
    );
    if (!merged) return;
    run.merged += 1;
    for (const [text, index] of run.expected) if (index === first) run.expected.set(text, second);
    if (pair % 3 === 0) {
      const undone = await until(
        async () =>
          post(ROUTES.unmerge, apiPath('unmergeEnquiry', { index: first }), { version: await version(second) }),
        `undo ${first}`,
        async () => {
          const related = await until(() => get(ROUTES.detail, apiPath('relatedEnquiries', { index: first })), 'read');
          return related !== undefined && !('mergedInto' in (JSON.parse(related.body) as object));
        },
      );
      if (!undone) return;
      run.undone += 1;
      for (const [text, index] of run.expected)
        if (index === second && text.startsWith(`merging ${pair}a`)) run.expected.set(text, first);
      for (const [text, index] of run.expected)
        if (index === second && text.startsWith(`merging ${pair}b`)) run.expected.set(text, first);
    }
    if (pair % 4 === 0) {
      const thread = await until(() => get(ROUTES.thread, apiPath('thread', { index: second })), `thread ${second}`);
      const message = (JSON.parse(thread?.body ?? '[]') as { at: string; type: string; text?: string }[]).find(
        (entry) => entry.type === 'visitorMessage' && entry.text?.startsWith(`merging ${pair}c`),
      );
      if (!message) return void run.refused.push(`split ${second}: its message is not in its thread`);
      const split = await until(
        async () =>
          post(ROUTES.split, apiPath('splitMessage', { index: second }), {
            at: message.at,
            version: await version(second),
          }),
        `split ${second}`,
      );
      if (!split) return;
      run.split += 1;
      run.expected.set(
        message.text ?? '',
        (JSON.parse(split.body) as { record: { POST_INDEX: number } }).record.POST_INDEX,
      );
    }
  }

  // Spread over the load as the visitors progress, so the merges meet the faults: pair k starts at k/PAIRS of the way.
  const done = Promise.all(
    Array.from({ length: PAIRS }, async (_, index) => {
      while (progress() < index / PAIRS) await sleep(100);
      await onePair(index + 1);
    }),
  ).then(() => undefined);
  return { run, done };
}

export interface MergeCheck {
  lost: number;
  doubled: number;
  /** In another enquiry than the one it belongs to now. */
  misplaced: number;
  /** Merges or undos left midway (a pointer not `moved`, or a step noted and not finished). */
  unfinished: number;
}

/** Reads the histories and the enquiries from the table: each message once, where it belongs; every merge finished. */
export async function checkMerges(stack: Parameters<typeof storeReader>[0], run: MergeRun): Promise<MergeCheck> {
  const reader = storeReader(stack);
  const [events, enquiries] = await Promise.all([reader.items('enquiryEvents'), reader.items('enquiries')]);
  reader.close();
  const placed = new Map<string, number[]>();
  for (const event of events) {
    const text = String(event['text'] ?? '');
    if (event['type'] === 'visitorMessage' && run.expected.has(text))
      placed.set(text, [...(placed.get(text) ?? []), Number(event['postIndex'])]);
  }
  const check: MergeCheck = { lost: 0, doubled: 0, misplaced: 0, unfinished: 0 };
  for (const [text, index] of run.expected) {
    const where = placed.get(text) ?? [];
    if (where.length === 0) check.lost += 1;
    else if (where.length > 1) check.doubled += 1;
    else if (where[0] !== index) check.misplaced += 1;
  }
  for (const item of enquiries)
    if (item['MERGED_INTO'] !== undefined && item['MERGE_STATE'] !== 'moved') check.unfinished += 1;
  return check;
}

/** The run's figures for reports/load.json, and whether they prove what they should. */
export function mergeFigures(run: MergeRun, check: MergeCheck) {
  const { expected, ...counts } = run;
  const figures = { ...counts, messages: expected.size, ...check };
  const whole =
    run.merged > 0 &&
    run.refused.length === 0 &&
    check.lost === 0 &&
    check.doubled === 0 &&
    check.misplaced === 0 &&
    check.unfinished === 0;
  const line = `Merging: ${run.merged} merged, ${run.undone} undone, ${run.split} split out, ${run.retries} sent again after a refusal, ${run.conflicts} after a conflict; of ${expected.size} messages lost ${check.lost}, doubled ${check.doubled}, in the wrong enquiry ${check.misplaced}; unfinished ${check.unfinished}${run.refused.length ? `\n  refused: ${run.refused.join('\n  ')}` : ''}`;
  return { figures, whole, line };
}
