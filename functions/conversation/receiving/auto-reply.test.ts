/**
 * Telling a machine's mail from a person's: by its headers first (RFC 3834's
 * Auto-Submitted, the older headers, Exchange's suppression, bounces), then
 * by a marker at the start of its subject in every language our patients and
 * staff write; a subject with the words later on, or in a sentence, is a
 * person's, and `Auto-Submitted: no` makes it a person's whatever it says.
 */
import { describe, expect, it } from 'vitest';
import { autoReplySign, headerSign, subjectMarker } from './auto-reply';

const headers = (entries: Record<string, unknown>) => new Map(Object.entries(entries));
const PERSON = 'anna@example.com';

describe('by its headers', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['Auto-Submitted: auto-replied', { 'auto-submitted': 'auto-replied' }, 'Auto-Submitted: auto-replied'],
    ['Auto-Submitted: auto-generated', { 'auto-submitted': 'auto-generated' }, 'Auto-Submitted: auto-generated'],
    ['Auto-Submitted with a comment', { 'auto-submitted': 'auto-replied (vacation)' }, 'Auto-Submitted: auto-replied'],
    ['X-Autoreply', { 'x-autoreply': 'yes' }, 'X-Autoreply'],
    ['X-Autorespond', { 'x-autorespond': 'Out of office' }, 'X-Autorespond'],
    ['Precedence: auto_reply', { precedence: 'auto_reply' }, 'Precedence: auto_reply'],
    [
      'Precedence: bulk, as mailparser structures it',
      { precedence: { value: 'Bulk', params: {} } },
      'Precedence: bulk',
    ],
    ['Precedence: junk', { precedence: 'junk' }, 'Precedence: junk'],
    ['X-Auto-Response-Suppress: All', { 'x-auto-response-suppress': 'All' }, 'X-Auto-Response-Suppress'],
    ['X-Auto-Response-Suppress: DR, OOF', { 'x-auto-response-suppress': 'DR, OOF' }, 'X-Auto-Response-Suppress'],
    ['a delivery report', { 'content-type': { value: 'multipart/report' } }, 'multipart/report'],
  ])('%s is a machine', (_name, entries, sign) => {
    expect(headerSign(headers(entries), PERSON)).toBe(sign);
    expect(autoReplySign(headers(entries), PERSON, 'Re: your enquiry')).toEqual({ by: 'headers', sign });
  });

  it('takes a bounce by the address it comes from', () => {
    expect(headerSign(headers({}), 'MAILER-DAEMON@mail.example')).toBe('bounce sender');
    expect(headerSign(headers({}), 'postmaster@mail.example')).toBe('bounce sender');
  });

  it.each<[string, Record<string, unknown>]>([
    ['no header at all', {}],
    ['Precedence: first-class', { precedence: 'first-class' }],
    ['X-Autoreply: no', { 'x-autoreply': 'no' }],
    // A person's client may ask that no delivery or read receipt come back.
    ['X-Auto-Response-Suppress: DR, RN, NRN', { 'x-auto-response-suppress': 'DR, RN, NRN' }],
  ])('%s says nothing', (_name, entries) => {
    expect(headerSign(headers(entries), PERSON)).toBeUndefined();
  });

  it('reads Auto-Submitted: no as a person, even under an automatic-looking subject (the headers decide first)', () => {
    const person = headers({ 'auto-submitted': 'no' });
    expect(headerSign(person, PERSON)).toBe('person');
    expect(autoReplySign(person, PERSON, 'Автоответ: Re: ваш запрос')).toBeUndefined();
  });
});

describe('by the marker its subject begins with', () => {
  it.each<[string, string]>([
    ['English (Outlook)', 'Automatic reply: Re: your enquiry [MT-000001]'],
    ['English (older Exchange)', 'Out of Office: Re: your enquiry'],
    ['English (Exchange 2003)', 'Out of Office AutoReply: Re: your enquiry'],
    ['English, in capitals', 'AUTO-REPLY: Re: your enquiry'],
    ['Russian (Yandex)', 'Автоответ: Re: ваш запрос'],
    ['Russian (Outlook)', 'Автоматический ответ: Re: ваш запрос'],
    ['Chinese (Outlook, QQ)', '自动回复: Re: 您的咨询'],
    ['Chinese, with a full-width colon', '自动回复：Re: 您的咨询'],
    ['Chinese in brackets', '【自动回复】您的邮件已收到'],
    ['Traditional Chinese (Outlook)', '自動回覆: Re: 您的諮詢'],
    ['Japanese (Outlook)', '自動応答: Re: お問い合わせ'],
    ['Japanese (Gmail, Yahoo! JAPAN)', '自動返信：Re: お問い合わせ'],
    ['Vietnamese (Outlook)', 'Trả lời Tự động: Re: yêu cầu của bạn'],
    ['Korean (Naver)', '[자동 응답] 문의 주셔서 감사합니다'],
    ['Korean (Outlook)', '자동 회신: Re: 문의'],
    ['Korean, away', '부재중: Re: 문의'],
    ['the marker alone', 'Out of office'],
  ])('%s', (_language, subject) => {
    expect(subjectMarker(subject)).toBeDefined();
    expect(autoReplySign(headers({}), PERSON, subject)).toMatchObject({ by: 'subject' });
  });

  it('says which marker it found, the longest that fits', () => {
    expect(subjectMarker('Out of Office AutoReply: Re: x')).toBe('out of office autoreply');
    expect(subjectMarker('Trả lời Tự động: x')).toBe('trả lời tự động');
  });

  it.each<[string, string]>([
    ['the words in a sentence', 'Re: I will be out of office next week, can we move the date?'],
    ['the words at the start of a sentence', 'Out of office until the 10th, then I can come'],
    ['a reply to an automatic reply', 'Re: Automatic reply: your enquiry'],
    ['a forward of one', 'Fwd: Автоответ: Re: ваш запрос'],
    ['Korean words that begin alike', '부재중이었던 사이 연락드립니다'],
    ['an ordinary answer', 'Re: 您的咨询 [MT-000001]'],
  ])('leaves a person’s subject alone: %s', (_what, subject) => {
    expect(subjectMarker(subject)).toBeUndefined();
    expect(autoReplySign(headers({}), PERSON, subject)).toBeUndefined();
  });
});
