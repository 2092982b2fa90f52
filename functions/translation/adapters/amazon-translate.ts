/**
 * Amazon Translate through the SDK's TranslateClient, in the stack's region
 * (locally, the stand-in emulator: local/emulators/translate-emulator.ts).
 *
 * Each text goes with the product's custom terminology
 * (functions/translation/engine/terminology.ts). Translate keeps terminologies per
 * account and region, so each process makes sure once that the one named
 * `TRANSLATE_TERMINOLOGY` is this build's (its description names the file's
 * digest) and imports it when it is missing or older: no deploy step, and
 * the same path locally as in AWS.
 *
 * A text longer than Translate takes in one request is sent in pieces
 * (text-chunks.ts); the whitespace around each piece is kept as it was.
 */
import {
  DetectedLanguageLowConfidenceException,
  GetTerminologyCommand,
  ImportTerminologyCommand,
  ResourceNotFoundException,
  TranslateClient,
  type TranslateClientConfig,
  TranslateTextCommand,
  UnsupportedLanguagePairException,
} from '@aws-sdk/client-translate';
import { type MachineTranslation, type TranslationRequest, TranslationRefused, type Translator } from '../ports';
import { terminologyFile, terminologyVersion } from '../engine/terminology';
import { textChunks } from '../engine/text-chunks';

/** Under Translate's 10,000 bytes a request, with room to spare. */
export const TRANSLATE_PIECE_MAX_BYTES = 9_000;

/**
 * Translate's own call limits, not the other clients' (platform/wiring/call-limits.ts): Translate
 * sends nothing until it has translated the whole piece, so the others' two-second idle limit on
 * the socket would cut off a long piece that is doing fine, and their three attempts would send it
 * again twice, each attempt billed by the character.
 *
 * - `requestTimeout`: a whole call (send, translate, answer) in six seconds, several times what a
 *   9,000-byte piece takes when Translate is well; the SDK only warns when a call passes it unless
 *   `throwOnRequestTimeout` is set, so it is.
 * - `connectionTimeout`: a connection opens within a second, as for the other clients.
 * - `maxAttempts: 2`, one attempt more. Most failures worth a retry are refusals Translate did no
 *   work for (throttling, a 5xx answer, a connection that never opened), and one retry gets past a
 *   passing one. A time-out is the one failure after which the piece may have been translated and
 *   billed anyway: the retry sends it once more at most, and only after six seconds of silence,
 *   when Translate is already in trouble; the translation job's own retries (minutes apart,
 *   translation-work.ts) take over from there, not a third attempt at once. Two attempts of one
 *   piece also fit the reply preview's 15 seconds (functions/translation/routes.ts): 2 × (1 + 6) s
 *   and the back-off.
 */
export const TRANSLATE_CALL_LIMITS = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 6_000, throwOnRequestTimeout: true },
} as const;

export function translateClient(config: TranslateClientConfig = {}): TranslateClient {
  return new TranslateClient({ ...TRANSLATE_CALL_LIMITS, ...config });
}

export interface AmazonTranslatorOptions {
  /** Shown beside every translation it makes. */
  engine: string;
  terminologyName: string;
}

type Send = Pick<TranslateClient, 'send'>['send'];

async function ensureTerminology(send: Send, name: string): Promise<void> {
  const file = terminologyFile();
  const version = terminologyVersion(file);
  try {
    const { TerminologyProperties } = await send(
      new GetTerminologyCommand({ Name: name, TerminologyDataFormat: 'TSV' }),
    );
    if (TerminologyProperties?.Description === version) return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await send(
    new ImportTerminologyCommand({
      Name: name,
      MergeStrategy: 'OVERWRITE',
      Description: version,
      TerminologyData: { File: new TextEncoder().encode(file), Format: 'TSV', Directionality: 'MULTI' },
    }),
  );
}

export function amazonTranslator(client: Pick<TranslateClient, 'send'>, options: AmazonTranslatorOptions): Translator {
  const send: Send = client.send.bind(client) as Send;
  let terminologyReady: Promise<void> | undefined;
  const withTerminology = () => {
    // Once per process; a failed try is tried again by the next translation.
    terminologyReady ??= ensureTerminology(send, options.terminologyName).catch((error: unknown) => {
      terminologyReady = undefined;
      throw error;
    });
    return terminologyReady;
  };

  async function translatePiece(
    text: string,
    source: string,
    target: string,
  ): Promise<{ text: string; source: string; terms: number }> {
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
    if (!core) return { text, source, terms: 0 };
    try {
      const answer = await send(
        new TranslateTextCommand({
          Text: core,
          SourceLanguageCode: source,
          TargetLanguageCode: target,
          TerminologyNames: [options.terminologyName],
        }),
      );
      const terms = (answer.AppliedTerminologies ?? []).reduce((sum, applied) => sum + (applied.Terms?.length ?? 0), 0);
      return {
        text: `${lead}${answer.TranslatedText ?? ''}${trail}`,
        source: answer.SourceLanguageCode ?? source,
        terms,
      };
    } catch (error) {
      if (error instanceof UnsupportedLanguagePairException)
        throw new TranslationRefused('language_pair', error.message);
      if (error instanceof DetectedLanguageLowConfidenceException)
        throw new TranslationRefused('language_unclear', error.message);
      throw error;
    }
  }

  return {
    engine: options.engine,
    async translate(request: TranslationRequest): Promise<MachineTranslation> {
      // The same language both ways needs no engine: the text is its own translation.
      const untranslated = (source: string): MachineTranslation => ({
        text: request.text,
        source,
        target: request.target,
        engine: options.engine,
        termsApplied: 0,
      });
      if (request.source === request.target) return untranslated(request.source);
      await withTerminology();
      let source: string = request.source;
      let termsApplied = 0;
      const translated: string[] = [];
      for (const piece of textChunks(request.text, TRANSLATE_PIECE_MAX_BYTES)) {
        const answer = await translatePiece(piece, source, request.target);
        // The language the first piece was found to be in is the text's: later pieces are not guessed again.
        if (source === 'auto' && answer.source !== 'auto') source = answer.source;
        termsApplied += answer.terms;
        translated.push(answer.text);
      }
      // Written in the staff's own language after all (a Korean visitor on the English page): the original stands.
      if (source === request.target) return untranslated(source);
      return { text: translated.join(''), source, target: request.target, engine: options.engine, termsApplied };
    },
  };
}
