/**
 * Visitors sending enquiries, some clients at a time. Each visitor is one
 * form fill: a page with JavaScript posts JSON with its own submission id, a
 * page without posts the form (the send route recognises a resend by its
 * content). A visitor who is refused is told why (checked) and sends the very
 * same fill again after a pause, as the page offers, until it is stored.
 */
import { type Answer, type LoadFigures, timedFetch, toldHonestly } from './figures';

export interface Visitor {
  /** 1-based; the visitor's address is unique to it, so its stored enquiry and acknowledgement can be found. */
  number: number;
  email: string;
  /** The reference it was given when stored (`MT-000123`), once stored. */
  reference?: string;
  /** Tries until it was stored. */
  attempts: number;
  /** Refusals that did not tell the visitor the truth in a usable way (a bare 5xx, no message, no retry advice). */
  dishonest: number;
  /** The answers it got, by kind, before the one that stored it. */
  refusals: string[];
}

export const SENDMAIL_JSON = 'POST /api/sendmail (JSON)';
export const SENDMAIL_FORM = 'POST /api/sendmail (form)';

/** Every this-many-th visitor has no JavaScript and posts the plain form. */
const FORM_POST_EVERY = 20;
/** A visitor gives up after this many tries (a product that needs more is failing the run). */
const MAX_ATTEMPTS = 60;

const SECTIONS = ['병원예약', '컨시어지', '호텔예약', '통역예약'] as const;

function fill(visitor: Visitor): Record<string, string | number | boolean> {
  const section = SECTIONS[visitor.number % SECTIONS.length] ?? '통역예약';
  return {
    user_name: `Load visitor ${visitor.number}`,
    user_email: visitor.email,
    phone: `+82 10 ${String(visitor.number).padStart(8, '0')}`,
    section,
    message: `Load run enquiry ${visitor.number}`,
    user_count: 1 + (visitor.number % 4),
    user_Room: 1,
    start: '2036-12-10 09:30',
    ...(section === '호텔예약' ? { hotel: 'Grand Seoul', finish: '2036-12-12 11:00' } : {}),
    ...(section === '컨시어지' || section === '통역예약' ? { destination: 'Gangnam' } : {}),
    consent_privacy: true,
    consent_health: true,
    page_locale: (['en', 'ko', 'zh', 'ru', 'vi', 'ja'] as const)[visitor.number % 6] ?? 'en',
  };
}

/** The pause before the next try: what Retry-After asks (within reason), else a short growing back-off. */
export function pauseMs(answer: Answer, attempt: number): number {
  const asked = Number(answer.headers.get('retry-after'));
  if (Number.isFinite(asked) && asked > 0) return Math.min(asked, 5) * 1000;
  return Math.min(250 * attempt, 2_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(baseUrl: string, visitor: Visitor, submissionId: string, figures: LoadFigures): Promise<Answer> {
  const data = fill(visitor);
  if (visitor.number % FORM_POST_EVERY === 0) {
    const form = new URLSearchParams(Object.entries(data).map(([key, value]) => [key, String(value)]));
    return timedFetch(figures, SENDMAIL_FORM, `${baseUrl}/api/sendmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${baseUrl}/` },
      body: form.toString(),
    });
  }
  return timedFetch(figures, SENDMAIL_JSON, `${baseUrl}/api/sendmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { ...data, submission_id: submissionId } }),
  });
}

/** Sends one visitor's enquiry until it is stored. */
async function visit(baseUrl: string, visitor: Visitor, figures: LoadFigures): Promise<void> {
  const submissionId = crypto.randomUUID();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    visitor.attempts = attempt;
    const answer = await send(baseUrl, visitor, submissionId, figures);
    if (answer.status === 200) {
      visitor.reference = /MT-\d+/.exec(answer.body)?.[0];
      return;
    }
    visitor.refusals.push(answer.kind ?? String(answer.status));
    if (!toldHonestly(answer)) visitor.dishonest += 1;
    await sleep(pauseMs(answer, attempt));
  }
}

export interface VisitorRun {
  visitors: Visitor[];
  /** Visitors finished so far (stored or given up): the fault timeline follows it. */
  finished(): number;
  done: Promise<void>;
}

/** Starts `count` visitors, `clients` at a time. */
export function runVisitors(baseUrl: string, count: number, clients: number, figures: LoadFigures): VisitorRun {
  const visitors: Visitor[] = Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    email: `load-${index + 1}@example.test`,
    attempts: 0,
    dishonest: 0,
    refusals: [],
  }));
  let next = 0;
  let finished = 0;
  const client = async () => {
    for (let visitor = visitors[next++]; visitor; visitor = visitors[next++]) {
      await visit(baseUrl, visitor, figures);
      finished += 1;
    }
  };
  return {
    visitors,
    finished: () => finished,
    done: Promise.all(Array.from({ length: clients }, client)).then(() => undefined),
  };
}
