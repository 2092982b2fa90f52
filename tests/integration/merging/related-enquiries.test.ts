/**
 * One visitor's other enquiries through the local server against the
 * emulators (the real byEmail and byPhone indexes, made from the table's
 * definition): enquiries sent through intake with one address in two cases,
 * one number written two ways, and one unrelated; each finds the others of
 * its visitor and not itself, the unrelated one none; an unknown enquiry 404,
 * a bad number 400, no token 401; each read in the access log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKoreaDate } from '../../../shared/korea-time';
import type { RelatedEnquiries } from '../../../shared/merging/related-enquiries';
import { STAFF, type TestStack, enquiry, getWithToken, postJson, signIn, startTestStack } from '../../support/stack';

let stack: TestStack;
let token: string;

/** Sends an enquiry through the public form's route; its number. */
async function send(fields: Record<string, unknown>): Promise<number> {
  const response = await postJson(stack, '/api/sendmail', { data: enquiry(fields) });
  expect(response.status, await response.clone().text()).toBe(200);
  const { reference } = (await response.json()) as { reference: string };
  return Number(reference.replace(/^MT-0*/, ''));
}

/** Asks for an enquiry's related ones, with the staff token unless told another ('' for none). */
const related = async (index: number | string, as = token) => {
  const response = await getWithToken(stack, `/api/enquiries/${index}/related`, as);
  return { status: response.status, body: (await response.json()) as RelatedEnquiries & { error?: string } };
};
const listed = async (index: number) => {
  const { status, body } = await related(index);
  expect(status).toBe(200);
  return body.related.map(({ POST_INDEX, matchedBy }) => [POST_INDEX, matchedBy]);
};

let hospital: number;
let concierge: number;
let byPhone: number;
let unrelated: number;

beforeAll(async () => {
  stack = await startTestStack();
  token = await signIn(stack);
  hospital = await send({ user_email: 'Mira.Kim@example.test', phone: '+82 10 1234 5678' });
  concierge = await send({ user_email: 'mira.kim@EXAMPLE.test', phone: '', section: '컨시어지', detail_section: '' });
  byPhone = await send({ user_email: 'her.sister@example.test', phone: '0082 (10) 1234-5678' });
  unrelated = await send({ user_email: 'someone.else@example.test', phone: '+7 900 765 43 21' });
});
afterAll(() => stack?.dispose());

describe('the same visitor’s other enquiries', () => {
  it('finds the same address in another case and the same number written otherwise, newest first, not itself', async () => {
    expect(await listed(hospital)).toEqual([
      [byPhone, ['phone']],
      [concierge, ['email']],
    ]);
    expect(await listed(concierge)).toEqual([[hospital, ['email']]]);
    expect(await listed(byPhone)).toEqual([[hospital, ['phone']]]);
    expect(await listed(unrelated)).toEqual([]);
  });

  it('answers what the detail page shows of each: reference, section, date, status', async () => {
    const { body } = await related(concierge);
    expect(body).toEqual({
      related: [
        {
          POST_INDEX: hospital,
          REFERENCE: `MT-${String(hospital).padStart(6, '0')}`,
          MEDICAL_SECTION: '병원예약',
          DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
          STATUS: 'new',
          SPAM: false,
          VERSION: 0,
          matchedBy: ['email'],
        },
      ],
      more: 0,
      merged: [],
    });
  });

  it('answers 404 for an unknown enquiry, 400 for a bad number and 401 without a token', async () => {
    expect(await related(999)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await related('x1')).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    expect((await related(hospital, '')).status).toBe(401);
  });

  it('records each read in the access log', async () => {
    const today = formatKoreaDate(Date.now());
    const log = await getWithToken(stack, `/api/access-log?from=${today}&to=${today}&action=enquiry.related`, token);
    expect(log.status).toBe(200);
    const { entries } = (await log.json()) as { entries: { actor: string; target: string }[] };
    expect(entries.map(({ actor, target }) => [actor, target]).sort()).toEqual(
      [hospital, concierge, byPhone, unrelated, concierge, 999].map((index) => [STAFF.email, String(index)]).sort(),
    );
  });
});
