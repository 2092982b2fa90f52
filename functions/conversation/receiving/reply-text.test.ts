/**
 * The new text of an answer, told apart from the quoted mail and the client's
 * signature line: each quoting style of the clients our visitors use, in the
 * six languages; and every line of the visitor's own kept, however much it
 * looks like a header, a quote or a signature.
 */
import { describe, expect, it } from 'vitest';
import { splitReply } from './reply-text';
import { receivedText } from './received-text';
import { replySamples } from '../../../tests/support/reply-samples';

const newText = (text: string) => splitReply(receivedText(text)).text;
const CENTRE = 'Medical Tourism Centre <no-reply@medical-tourism.example>';
const QUOTED = '> Dear visitor,\n> Thank you for your enquiry MT-000123.\n>\n> Medical Tourism Centre';
const PLAIN = 'Dear visitor,\nThank you for your enquiry MT-000123.\n\nMedical Tourism Centre';

describe('splitReply', () => {
  it.each(replySamples().map((sample) => [sample.client, sample.locale, sample] as const))(
    'keeps only what the visitor wrote: %s, %s',
    (_client, _locale, sample) => {
      expect(newText(sample.text)).toBe(sample.expected);
    },
  );

  it('keeps a text that quotes nothing, as written (line ends made plain), and says nothing was left out', () => {
    const split = splitReply(receivedText('Hello,\r\n\r\nIs there parking at the hospital?\r\n'));
    expect(split).toEqual({ text: 'Hello,\n\nIs there parking at the hospital?', trimmed: false, shownInFull: false });
  });

  it('says what it left out, so the whole text is kept beside the new one', () => {
    const split = splitReply(`The 10th suits me.\n\nOn Wed, 12 Mar 2025 at 10:15, ${CENTRE} wrote:\n${QUOTED}`);
    expect(split).toEqual({ text: 'The 10th suits me.', trimmed: true, shownInFull: false });
  });

  it('shows a message that only quotes in full, never as an empty answer', () => {
    const only = '> Dear visitor,\n> Thank you.';
    expect(splitReply(only)).toEqual({ text: only, trimmed: false, shownInFull: true });
  });

  it('keeps an answer written below the quote (bottom posting)', () => {
    expect(newText(`On Wed, 12 Mar 2025 at 10:15, ${CENTRE} wrote:\n${QUOTED}\n\nThe 10th suits me.`)).toBe(
      'The 10th suits me.',
    );
  });

  it('keeps answers written between quoted lines (inline), and leaves out the quoted lines', () => {
    const inline = ['> Which day suits you?', 'The 10th.', '', '> How many people?', 'Two of us.'].join('\n');
    expect(newText(inline)).toBe('The 10th.\n\nTwo of us.');
  });

  it("keeps a Russian patient's flight details that look like a header block", () => {
    const flight = 'Добрый день! Мой рейс:\nОт: Москва, Шереметьево\nДата: 8 декабря\nРейс: SU250, прилёт в 10:15';
    expect(newText(`${flight}\n\n12.03.2025, 10:15, "Medical Tourism Centre" <no-reply@x.example>:\n${QUOTED}`)).toBe(
      flight,
    );
  });

  it("keeps the visitor's own lines that only look like a header, a quote or a signature", () => {
    const own = [
      '제가 작성:',
      'From: Moscow, arriving on the 10th',
      'Subject: my knee',
      'В 10:15 я буду в отеле.',
      'Sent from the hospital after my scan.',
      '----',
      '>140/90 this morning',
      'I wrote to you on 12.03.2025 at 10:15:',
      'the knee still hurts.',
    ].join('\n');
    expect(newText(own)).toBe(own);
  });

  it('keeps a P.S. after an English sign-off', () => {
    const own = 'The 10th suits me.\n\nKind regards,\nJohn Smith\n\nP.S. I will need a wheelchair at the airport.';
    expect(newText(`${own}\n\nOn Wed, 12 Mar 2025 at 10:15, ${CENTRE} wrote:\n${QUOTED}`)).toBe(own);
  });

  it("keeps a forwarded doctor's letter with nothing written above it, and one with a line above it", () => {
    const letter = [
      '---------- Forwarded message ---------',
      'From: Dr. Ivanova <clinic@hospital.example>',
      'Date: Tue, 11 Mar 2025 at 09:00',
      'Subject: Findings',
      'To: <patient@example.test>',
      '',
      'MRI of the left knee: a tear of the medial meniscus.',
    ].join('\n');
    expect(newText(letter)).toBe(letter);
    expect(newText(`Here is my doctor's letter.\n\n${letter}`)).toBe(`Here is my doctor's letter.\n\n${letter}`);
  });

  it('leaves out a quote header wrapped over two lines, both halves', () => {
    const text = `Fine.\n\nOn Wed, Mar 12, 2025 at 10:15 AM Medical Tourism Centre <\nno-reply@medical-tourism.example> wrote:\n\n${QUOTED}`;
    expect(newText(text)).toBe('Fine.');
  });

  it.each([
    ['163.com in English', `At 2025-03-12 10:15:00, "Medical Tourism Centre" <no-reply@x.example> wrote:\n${QUOTED}`],
    [
      'QQ in English',
      `------------------ Original ------------------\nFrom: "Centre"<no-reply@x.example>;\nDate: Wed, Mar 12, 2025 10:15 AM\nTo: "me"<me@qq.com>;\nSubject: Re: MT-000123\n\n${PLAIN}`,
    ],
    [
      'Daum',
      `-----Original Message-----\nFrom: "Centre" <no-reply@x.example>\nTo: <me@daum.net>\nSent: 2025-03-12 (수) 10:15:00\nSubject: MT-000123\n\n${PLAIN}`,
    ],
    ['The Bat! in Russian', `Вы писали 12 марта 2025 г., 10:15:\n\n${QUOTED}`],
    ['Thunderbird in Russian', `12.03.2025 10:15, Medical Tourism Centre пишет:\n${QUOTED}`],
    [
      'Outlook in Traditional Chinese',
      `寄件者: Centre <no-reply@x.example>\n寄件日期: 2025年3月12日 上午 10:15\n收件者: me@example.test\n主旨: MT-000123\n\n${PLAIN}`,
    ],
    ['Mail.ru with a bare address', `Среда, 12 марта 2025, 10:15 +09:00 от no-reply@x.example:\n\n${QUOTED}`],
    ['Yandex with a bare address', `12.03.2025, 10:15, no-reply@x.example:\n${QUOTED}`],
  ])('recognises the quote header of %s', (_client, quote) => {
    expect(newText(`Мне подходит 10-е.\n\n${quote}`)).toBe('Мне подходит 10-е.');
  });

  it.each([
    'Được gửi từ iPhone của tôi',
    '发自网易邮箱大师',
    'Получить Outlook для Android',
    'Отправлено из мобильной Почты Mail.ru',
    'iPhoneから送信',
    'Galaxy에서 보냄',
    'Sent from Yahoo Mail on Android',
    'Sent from my iPhone',
  ])('leaves out the client line "%s"', (line) => {
    expect(newText(`Cảm ơn.\n\n${line}\n\nOn Wed, 12 Mar 2025 at 10:15, ${CENTRE} wrote:\n${QUOTED}`)).toBe('Cảm ơn.');
    expect(newText(`Cảm ơn.\n\n${line}`)).toBe('Cảm ơn.');
  });

  it('leaves out a short signature below "-- ", but keeps a long text below a "--" line', () => {
    expect(newText('Thanks.\n\n-- \nAnna Petrova\n+7 900 000-00-00')).toBe('Thanks.');
    const long = `Thanks.\n--\n${'I also want to ask about the hotel near the clinic, and whether it has a lift for a wheelchair. '.repeat(2)}`;
    expect(newText(long)).toBe(long.trim());
  });

  it('reads a Vietnamese Outlook header written with separate tone marks (windows-1258) once it is made NFC', () => {
    const decomposed =
      `Vâng.\n\nTừ: Centre <no-reply@x.example>\nĐã gửi: Thứ Tư, 12 tháng 3, 2025 10:15\nĐến: me@example.test\nChủ đề: MT-000123\n\n${PLAIN}`.normalize(
        'NFD',
      );
    expect(newText(decomposed)).toBe('Vâng.');
  });

  it('drops control and bidi characters from the received text, and keeps the words', () => {
    expect(receivedText('a\u0000b\u001b[31mc\u202ed\u2066e\r\nf\u00a0g')).toBe('ab[31mcde\nf g');
  });

  it('reads a line of 80,000 quote marks, and 200,000 quoted lines, as quotes', () => {
    const marks = '>'.repeat(80_000);
    expect(splitReply(`Yes.\n${marks}`).text).toBe('Yes.');
    const many = `Yes.\n${'> quoted line\n'.repeat(200_000)}`;
    expect(splitReply(many).text).toBe('Yes.');
  });
});
