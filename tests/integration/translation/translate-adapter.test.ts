/**
 * The Translate adapter (functions/translation/adapters/amazon-translate.ts)
 * through the SDK's TranslateClient against the local stand-in
 * (local/emulators/translate-emulator.ts): the terminology imported once and
 * applied, the languages asked for and detected, a long text in pieces, the
 * stand-in's output marked as no translation, and the failures told apart
 * (a refusal given up, anything else worth retrying).
 */
import type { TranslateClient } from '@aws-sdk/client-translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSLATE_PIECE_MAX_BYTES,
  amazonTranslator,
  translateClient,
} from '../../../functions/translation/adapters/amazon-translate';
import { TranslationRefused } from '../../../functions/translation/ports';
import { type TranslateEmulator, startTranslateEmulator } from '../../../local/emulators/translate-emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack-names';
import { LOCAL_STAND_IN, LOCAL_STAND_IN_MARK } from '../../../shared/translation/translation';

let emulator: TranslateEmulator;
beforeAll(async () => {
  emulator = await startTranslateEmulator();
});
afterAll(() => emulator?.stop());

/** A client that notes the name of every command it sends. */
function countingClient(endpoint = emulator.endpoint): { client: Pick<TranslateClient, 'send'>; commands: string[] } {
  const client = translateClient({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint, maxAttempts: 1 });
  const commands: string[] = [];
  return {
    commands,
    client: {
      send: ((command: { constructor: { name: string } }) => {
        commands.push(command.constructor.name);
        return client.send(command as never);
      }) as TranslateClient['send'],
    },
  };
}

const translatorOf = (client: Pick<TranslateClient, 'send'>, terminologyName = 'mt-test-labels') =>
  amazonTranslator(client, { engine: LOCAL_STAND_IN, terminologyName });

describe('the Translate adapter, through the SDK', () => {
  it("imports the product's terminology once, and applies it: the visitor's label becomes the staff's", async () => {
    const { client, commands } = countingClient();
    const translator = translatorOf(client);
    const first = await translator.translate({
      text: 'Хочу на консультацию, раздел «Ортопедия».',
      source: 'ru',
      target: 'ko',
    });
    expect(first).toMatchObject({ source: 'ru', target: 'ko', engine: LOCAL_STAND_IN });
    expect(first.text.startsWith(`${LOCAL_STAND_IN_MARK}: ru→ko]`)).toBe(true);
    expect(first.text).toContain('정형외과');
    expect(first.termsApplied).toBe(1);
    await translator.translate({ text: 'И ещё вопрос.', source: 'ru', target: 'ko' });
    expect(commands).toEqual([
      'GetTerminologyCommand',
      'ImportTerminologyCommand',
      'TranslateTextCommand',
      'TranslateTextCommand',
    ]);
    expect(emulator.requests.at(-1)).toMatchObject({
      SourceLanguageCode: 'ru',
      TargetLanguageCode: 'ko',
      TerminologyNames: ['mt-test-labels'],
    });

    // A new process finds this build's terminology in place and does not import it again.
    const again = countingClient();
    await translatorOf(again.client).translate({ text: 'Спасибо!', source: 'ru', target: 'ko' });
    expect(again.commands).toEqual(['GetTerminologyCommand', 'TranslateTextCommand']);
  });

  it('takes the language the engine finds when the visitor may have written in another one, and keeps a Korean text as it is', async () => {
    const translator = translatorOf(countingClient().client);
    const vietnamese = await translator.translate({
      text: 'Tôi muốn khám sức khỏe vào tháng mười hai.',
      source: 'auto',
      target: 'ko',
    });
    expect(vietnamese.source).toBe('vi');
    const korean = await translator.translate({ text: '12월에 검진을 받고 싶어요.', source: 'auto', target: 'ko' });
    expect(korean).toMatchObject({ text: '12월에 검진을 받고 싶어요.', source: 'ko', termsApplied: 0 });
    // Korean to Korean asks nothing of the engine.
    const { client, commands } = countingClient();
    expect((await translatorOf(client).translate({ text: '안녕하세요', source: 'ko', target: 'ko' })).text).toBe(
      '안녕하세요',
    );
    expect(commands).toEqual([]);
  });

  it('sends a text longer than a request takes in pieces that each fit, and gives every part back in order', async () => {
    const paragraph = `${'Мне нужна консультация ортопеда. '.repeat(60)}\n\n`;
    const long = paragraph.repeat(8);
    expect(Buffer.byteLength(long)).toBeGreaterThan(3 * TRANSLATE_PIECE_MAX_BYTES);
    const { client, commands } = countingClient();
    const before = emulator.requests.length;
    const result = await translatorOf(client).translate({ text: long, source: 'ru', target: 'ko' });
    const sent = emulator.requests.slice(before).map((request) => String(request['Text']));
    expect(commands.filter((name) => name === 'TranslateTextCommand').length).toBe(sent.length);
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((text) => Buffer.byteLength(text) <= TRANSLATE_PIECE_MAX_BYTES)).toBe(true);
    // The stand-in marks each piece; without the marks the original comes back whole, its paragraphs kept.
    expect(result.text.replaceAll(/\[local stand-in, not translated: ru→ko\] /g, '')).toBe(long);
  });

  it('gives up a language pair the engine refuses, and throws anything else for a retry', async () => {
    const translator = translatorOf(countingClient().client);
    await expect(translator.translate({ text: 'Hallo', source: 'de' as never, target: 'ko' })).rejects.toBeInstanceOf(
      TranslationRefused,
    );
    const down = translatorOf(countingClient('http://127.0.0.1:9').client, 'mt-test-down');
    const failure = await down
      .translate({ text: 'Привет', source: 'ru', target: 'ko' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(TranslationRefused);
  });
});
