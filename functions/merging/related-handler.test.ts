/**
 * One visitor's other enquiries through the route, with in-memory fakes and
 * enquiries sent through intake (which keys their address and number): by
 * the address in any case, by the number however written, never the enquiry
 * itself, each listed once whatever matched, spam marked, the newest first
 * and at most RELATED_LIST_MAX; an unknown enquiry 404, a bad number 400, and
 * each read in the access log. Which roles may call it: the role matrix
 * (functions/accounts/staff-auth/roles.test.ts) walks every route.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RELATED_LIST_MAX, type RelatedEnquiries } from '../../shared/merging/related-enquiries';
import { type FakeDeps, apiEvent, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { tokenWithRole } from '../../tests/support/staff-accounts';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeRelatedEnquiriesHandler } from './related-handler';

const ANNA = 'anna@centre.example';
let deps: FakeDeps;
let token = '';
let sent = 0;

/** Sends an enquiry through intake (each from its own network, below the send limits); its number. */
async function send(fields: Record<string, unknown>): Promise<number> {
  sent += 1;
  const response = await makeSendmailHandler(deps)(
    jsonPost(
      '/api/sendmail',
      {
        user_name: `Visitor ${sent}`,
        section: '병원예약',
        consent_privacy: true,
        consent_health: true,
        page_locale: 'ru',
        ...fields,
      },
      { sourceIp: `198.51.100.${sent}` },
    ),
  );
  expect(response.statusCode, response.body).toBe(200);
  return sent;
}

async function related(index: string | number) {
  const response = await makeRelatedEnquiriesHandler(deps)(
    apiEvent({
      method: 'GET',
      path: `/api/enquiries/${index}/related`,
      params: { index: String(index) },
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return { status: response.statusCode, body: bodyOf(response) as RelatedEnquiries & { error?: string } };
}
const listed = async (index: number) =>
  (await related(index)).body.related.map(({ POST_INDEX, matchedBy }) => [POST_INDEX, matchedBy]);

beforeEach(async () => {
  deps = fakeDeps();
  sent = 0;
  token = await tokenWithRole(deps, ANNA, 'staff');
});

describe('the same visitor’s other enquiries', () => {
  it('finds those of the same address in any case, newest first, not the enquiry itself', async () => {
    const hospital = await send({ user_email: 'Mira.Kim@Example.test' });
    await send({ user_email: 'someone.else@example.test' });
    const concierge = await send({ user_email: 'mira.kim@example.test', section: '컨시어지' });

    const answer = await related(hospital);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      related: [
        {
          POST_INDEX: concierge,
          REFERENCE: 'MT-000003',
          MEDICAL_SECTION: '컨시어지',
          DATE: (await deps.enquiries.get(concierge))?.DATE,
          STATUS: 'new',
          SPAM: false,
          VERSION: 0,
          matchedBy: ['email'],
        },
      ],
      more: 0,
      merged: [],
    });
    expect(await listed(concierge)).toEqual([[hospital, ['email']]]);
    expect(await listed(2)).toEqual([]);
  });

  it('finds those of the same phone number however it is written', async () => {
    const first = await send({ user_email: 'a@example.test', phone: '+7 900 123-45-67' });
    const second = await send({ user_email: 'b@example.test', phone: '007 (900) 1234567' });
    await send({ user_email: 'c@example.test', phone: '+7 900 765-43-21' });
    expect((await deps.enquiries.get(first))?.PHONE_KEY).toBe('+79001234567');

    expect(await listed(first)).toEqual([[second, ['phone']]]);
    expect(await listed(second)).toEqual([[first, ['phone']]]);
  });

  it('lists an enquiry that shares both the address and the number once, with both', async () => {
    const first = await send({ user_email: 'mira@example.test', phone: '010-1234-5678' });
    const second = await send({ user_email: 'MIRA@example.test', phone: '010 1234 5678' });
    const third = await send({ user_email: 'other@example.test', phone: '01012345678' });

    expect(await listed(first)).toEqual([
      [third, ['phone']],
      [second, ['email', 'phone']],
    ]);
  });

  it('does not match on a number too short to name one line', async () => {
    const first = await send({ user_email: 'a@example.test', phone: '123456' });
    await send({ user_email: 'b@example.test', phone: '123456' });
    expect((await deps.enquiries.get(first))?.PHONE_KEY).toBeUndefined();
    expect(await listed(first)).toEqual([]);
  });

  it('marks suspected spam, which has no status', async () => {
    const first = await send({ user_email: 'mira@example.test' });
    await send({ user_email: 'mira@example.test', website: 'http://cheap-pills.example' });

    const [spam] = (await related(first)).body.related;
    expect(spam).toMatchObject({ POST_INDEX: 2, SPAM: true });
    expect(spam).not.toHaveProperty('STATUS');
  });

  it('finds newer enquiries by the number of one stored before phone keys', async () => {
    const old = await send({ user_email: 'a@example.test', phone: '+7 900 123-45-67' });
    const newer = await send({ user_email: 'b@example.test', phone: '+79001234567' });
    const stored = deps.enquiries.items.get(old);
    if (stored) delete stored.PHONE_KEY;
    expect(await listed(old)).toEqual([[newer, ['phone']]]);
  });

  it(`lists at most ${RELATED_LIST_MAX}, the newest, and says how many more`, async () => {
    const base = deps.enquiries.items.get(await send({ user_email: 'agency@example.test' }));
    if (!base) throw new Error('not stored');
    for (let index = 2; index <= RELATED_LIST_MAX + 3; index += 1)
      await deps.enquiries.create({ ...base, POST_INDEX: index });

    const answer = (await related(1)).body;
    expect(answer.related).toHaveLength(RELATED_LIST_MAX);
    expect(answer.related[0]?.POST_INDEX).toBe(RELATED_LIST_MAX + 3);
    expect(answer.related.at(-1)?.POST_INDEX).toBe(4);
    expect(answer.more).toBe(2);
  });

  it('answers 404 for an unknown enquiry and 400 for a bad number, and logs each read', async () => {
    await send({ user_email: 'a@example.test' });
    expect((await related(99)).status).toBe(404);
    for (const bad of ['0', 'abc', '1234567890123'])
      expect((await related(bad)).body).toMatchObject({ error: 'invalid_input' });
    await related(1);
    expect(deps.accessLog.entries.map(({ action, target }) => [action, target])).toEqual([
      ['enquiry.related', '99'],
      ['enquiry.related', '1'],
    ]);
  });
});
