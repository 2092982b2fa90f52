import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReference } from '../../../shared/work/enquiry-work';
import { SERVICE_UP } from '../../../local/faults/faults';
import { LIST_HEADERS } from '../../../shared/enquiries/enquiry';
import {
  type TestStack,
  capturedMail,
  enquiry,
  getWithToken,
  postJson,
  signIn,
  startTestStack,
} from '../../support/stack';

const clock = { offset: 0, now: () => Date.now() + clock.offset };
let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startTestStack({ clock, env: { MAIL_TIMEOUT_MS: '1500' } });
  token = await signIn(stack);
});
afterAll(() => stack.dispose());

async function record(index: number) {
  const response = await getWithToken(stack, `/api/detail/${index}`, token);
  return ((await response.json()) as { MAIL_STATUS: string; NAME: string }[])[0];
}

describe('when SES is down', () => {
  it('keeps the enquiry stored, answers success, and the retry job mails it once SES is back', async () => {
    await stack.faults.set('ses', { mode: 'refuse' });
    const response = await postJson(stack, '/api/sendmail', { data: enquiry({ user_name: 'Mail later' }) });
    expect(response.status).toBe(200);

    const list = await postJson(stack, '/api/view', { limit: 1 }, token);
    expect(list.headers.get(LIST_HEADERS.totalCount)).toBe('1');
    const [stored] = (await list.json()) as { POST_INDEX: number; MAIL_STATUS: string }[];
    expect(stored?.MAIL_STATUS).toBe('pending');
    const index = stored?.POST_INDEX ?? 0;
    // Written in English, its staff mail waits for its translation: the translation job's try sends it, and SES refuses it too.
    await stack.runTranslations();

    // Not yet due: the first retry waits a minute.
    expect(await stack.runMailRetry()).toMatchObject({ sent: 0 });

    // Due, but SES is still down: stays pending and backs off further.
    clock.offset = 61_000;
    // The staff mail and the visitor's acknowledgement both wait.
    expect(await stack.runMailRetry()).toMatchObject({ sent: 0, pending: 2 });
    expect((await record(index))?.MAIL_STATUS).toBe('pending');

    await stack.faults.set('ses', SERVICE_UP);
    clock.offset = 61_000 + 121_000;
    token = await signIn(stack);
    expect(await stack.runMailRetry()).toMatchObject({ sent: 2 });
    expect((await record(index))?.MAIL_STATUS).toBe('sent');
    // Each went out once: the staff mail and the acknowledgement, both with the reference.
    const mails = (await capturedMail(stack)).filter((mail) => mail.subject.includes(formatReference(index)));
    expect(mails).toHaveLength(2);

    // Nothing left to retry.
    clock.offset += 24 * 60 * 60 * 1000;
    token = await signIn(stack);
    expect(await stack.runMailRetry()).toMatchObject({ sent: 0, pending: 0, failed: 0 });
  });
});
