/**
 * A link to the visitor's page stops working after VISITOR_LINK_IDLE_DAYS
 * without a visit or a mail of ours carrying a link, with the 404 of any
 * wrong link; a visit and a new mail keep the links working, a visit written
 * down at most once an hour; an enquiry stored before counts from its last
 * activity.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { VISITOR_LINK_IDLE_DAYS } from '../../shared/visitor/visitor-page';
import { type FakeDeps, bodyOf, fakeDeps, jsonPost } from '../../tests/support/fakes';
import { enquiry } from '../../tests/support/enquiry-requests';
import { makeSendmailHandler } from '../intake/sendmail-handler';
import { makeVisitorEnquiryHandler } from './visitor-page-handler';
import { mintVisitorLink } from './visitor-links';

const DAY_MS = 24 * 60 * 60 * 1000;
let deps: FakeDeps;

async function read(link: string) {
  const response = await makeVisitorEnquiryHandler(deps)(jsonPost('/api/visitor/enquiry', { link }));
  return { status: response.statusCode, body: bodyOf(response) };
}
const link = async () => (await mintVisitorLink(deps, 1, 'en')).split('#')[1] ?? '';
const activeAt = () => deps.enquiries.items.get(1)?.VISITOR_LINKS_ACTIVE_AT;

beforeEach(async () => {
  deps = fakeDeps();
  await makeSendmailHandler(deps)(jsonPost('/api/sendmail', enquiry()));
});

describe('a link without a visit', () => {
  it(`opens for ${VISITOR_LINK_IDLE_DAYS} days after the last visit, then answers the 404 of a wrong link`, async () => {
    const opened = await link();
    deps.clock.advance((VISITOR_LINK_IDLE_DAYS - 1) * DAY_MS);
    expect((await read(opened)).status).toBe(200);
    // The visit counts: as long again from it.
    deps.clock.advance((VISITOR_LINK_IDLE_DAYS - 1) * DAY_MS);
    expect((await read(opened)).status).toBe(200);
    deps.clock.advance(VISITOR_LINK_IDLE_DAYS * DAY_MS + 60_000);
    const expired = await read(opened);
    const wrong = await read(`1.${'A'.repeat(43)}`);
    expect(expired).toEqual({ status: 404, body: wrong.body });
  });

  it('opens again with every link once a new mail carries one', async () => {
    const old = await link();
    deps.clock.advance((VISITOR_LINK_IDLE_DAYS + 1) * DAY_MS);
    expect((await read(old)).status).toBe(404);
    const fresh = await link();
    expect((await read(fresh)).status).toBe(200);
    expect((await read(old)).status).toBe(200);
  });

  it('writes a visit down at most once an hour', async () => {
    const opened = await link();
    const minted = activeAt();
    deps.clock.advance(30 * 60_000);
    await read(opened);
    expect(activeAt()).toBe(minted);
    deps.clock.advance(31 * 60_000);
    await read(opened);
    expect(activeAt()).toBe(new Date(deps.clock.now()).toISOString());
  });

  it('counts from the last activity of an enquiry stored before links were timed', async () => {
    const opened = await link();
    const stored = deps.enquiries.items.get(1);
    if (stored) delete stored.VISITOR_LINKS_ACTIVE_AT;
    deps.clock.advance((VISITOR_LINK_IDLE_DAYS + 1) * DAY_MS);
    expect((await read(opened)).status).toBe(404);
    await deps.enquiries.touch(1, new Date(deps.clock.now()).toISOString());
    expect((await read(opened)).status).toBe(200);
  });
});
