/**
 * Staff at work while visitors send: each client signs in once and then, with
 * the same token throughout (as the back office keeps it), lists, opens,
 * exports and works enquiries (status, note, reply). While a service is down
 * it is refused like any caller; afterwards the same token must work again:
 * the back office recovers without a new sign-in or a reload.
 */
import { apiPath } from '../../shared/routes';
import { type Answer, type LoadFigures, timedFetch, toldHonestly } from './figures';

export interface StaffClient {
  /** Refusals that did not tell the truth in a usable way (a bare 5xx, no message). */
  dishonest: number;
  /** Refused at least once (a service was down). */
  sawError: boolean;
  /** Answered 2xx after its last refusal, with the token it had all along. */
  recovered: boolean;
  /** Subjects of the replies the API took (2xx): each must reach the visitor exactly once. */
  repliesTaken: string[];
  /** Subjects of replies refused: each may reach the visitor once, never twice. */
  repliesRefused: string[];
}

export const STAFF_ROUTES = {
  list: 'POST /api/view',
  detail: 'GET /api/detail/{index}',
  export: 'GET /api/export.csv',
  work: 'POST /api/enquiry/work',
  note: 'POST /api/enquiry/note',
  reply: 'POST /api/enquiry/reply',
} as const;

interface Options {
  baseUrl: string;
  token: string;
  figures: LoadFigures;
  /** Indexes of the enquiries stored so far, to open and work. */
  storedIndexes(): number[];
  /** Whether to keep going. */
  running(): boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** The export as the route answers it: a CSV (200), or a background job (202) while the export-job work lands. */
const exportTaken = (answer: Answer) => answer.status === 200 || answer.status === 202;

export function startStaffClient(options: Options): { client: StaffClient; done: Promise<void> } {
  const client: StaffClient = { dishonest: 0, sawError: false, recovered: false, repliesTaken: [], repliesRefused: [] };
  const { baseUrl, token, figures } = options;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = (route: string, path: string, data: unknown) =>
    timedFetch(figures, route, `${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  const get = (route: string, path: string) => timedFetch(figures, route, `${baseUrl}${path}`, { headers });

  /** Notes what an answer says about recovery and honesty; true for a 2xx (or a taken export). */
  const note = (answer: Answer, taken = answer.kind === undefined): boolean => {
    if (taken) {
      if (client.sawError) client.recovered = true;
      return true;
    }
    // A conflict (someone else changed the enquiry first) is the work of two staff, not a failure.
    if (answer.status === 409) return false;
    client.sawError = true;
    client.recovered = false;
    if (!toldHonestly(answer)) client.dishonest += 1;
    return false;
  };

  const work = async (index: number) => {
    const opened = await get(STAFF_ROUTES.detail, apiPath('detail', { index }));
    if (!note(opened)) return;
    const version = (JSON.parse(opened.body) as { VERSION: number }[])[0]?.VERSION ?? 0;
    const changed = await post(STAFF_ROUTES.work, apiPath('work'), { index, version, status: 'in_progress' });
    if (!note(changed)) return;
    if (!note(await post(STAFF_ROUTES.note, apiPath('note'), { index, text: 'Called the visitor back.' }))) return;
    const current = (JSON.parse(changed.body) as { VERSION: number }).VERSION;
    const subject = `Load reply ${crypto.randomUUID()}`;
    const replied = await post(STAFF_ROUTES.reply, apiPath('reply'), {
      index,
      version: current,
      subject,
      body: 'Thank you; we will call you tomorrow.',
    });
    if (note(replied)) client.repliesTaken.push(subject);
    else if (replied.status !== 409) client.repliesRefused.push(subject);
  };

  const done = (async () => {
    while (options.running()) {
      const index = pick(options.storedIndexes());
      const roll = Math.random();
      if (roll < 0.4 || index === undefined) {
        const filter = pick([{}, { section: '병원예약' }, { status: 'new' }, { page: 2 }, { spam: true }]);
        note(await post(STAFF_ROUTES.list, apiPath('view'), { ...filter, limit: 13 }));
      } else if (roll < 0.65) {
        note(await get(STAFF_ROUTES.detail, apiPath('detail', { index })));
      } else if (roll < 0.72) {
        const answer = await get(STAFF_ROUTES.export, `${apiPath('exportCsv')}?section=ALL`);
        note(answer, exportTaken(answer));
      } else {
        await work(index);
      }
      // Staff read what they opened: a short pause between actions.
      await sleep(20);
    }
  })();
  return { client, done };
}
