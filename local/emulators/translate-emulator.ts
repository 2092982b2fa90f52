/**
 * A local stand-in for Amazon Translate's API (JSON 1.1, as the SDK's
 * TranslateClient speaks it): TranslateText, ImportTerminology and
 * GetTerminology, with Translate's own checks and error names. It has no
 * model, so it cannot translate: TranslateText gives back the original, with
 * the terms of the named terminologies put in (so their use can be seen and
 * tested), after a mark that says in so many words it is not a translation,
 * and the languages (`[local stand-in, not translated: ru→ko] …`). Nothing
 * downstream can take its output for a translation.
 *
 * An `auto` source is told from the script (shared/translation/source-language.ts),
 * enough for a stand-in. Terminologies
 * are kept in memory: the adapter imports the product's again in each new
 * process, as it does in Lambda.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { languageByScript } from '../../shared/translation/source-language';
import { LOCAL_STAND_IN_MARK, isTranslationLanguage } from '../../shared/translation/translation';
import { readBody } from '../server/read-body';
import { guardHost } from '../server/host-guard';
import { LOOPBACK, closeServer } from './loopback';

/** Translate's largest text a request: 10,000 bytes of UTF-8. */
export const TRANSLATE_TEXT_MAX_BYTES = 10_000;
const TARGET_PREFIX = 'AWSShineFrontendService_20170701.';

interface Terminology {
  name: string;
  description?: string;
  format: string;
  directionality: string;
  /** The languages of the columns, the first row of the file. */
  languages: string[];
  rows: string[][];
  createdAt: number;
  updatedAt: number;
}

class TranslateError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

function termsOf(
  terminology: Terminology,
  source: string,
  target: string,
): { SourceText: string; TargetText: string }[] {
  const from = terminology.languages.indexOf(source);
  const to = terminology.languages.indexOf(target);
  // A one-way terminology translates from its first column only.
  if (from < 0 || to < 0 || (terminology.directionality !== 'MULTI' && from !== 0)) return [];
  return terminology.rows.flatMap((row) =>
    row[from] && row[to] ? [{ SourceText: row[from], TargetText: row[to] }] : [],
  );
}

function parseTerminology(
  name: string,
  input: Record<string, unknown>,
  existing: Terminology | undefined,
  now: number,
): Terminology {
  const data = input['TerminologyData'] as { File?: string; Format?: string; Directionality?: string } | undefined;
  if (!data?.File || !data.Format)
    throw new TranslateError('InvalidParameterValueException', 'TerminologyData needs File and Format');
  if (!['CSV', 'TSV'].includes(data.Format))
    throw new TranslateError(
      'InvalidParameterValueException',
      `The stand-in reads CSV and TSV terminologies, not ${data.Format}`,
    );
  const records = parse(Buffer.from(data.File, 'base64').toString('utf8'), {
    delimiter: data.Format === 'TSV' ? '\t' : ',',
    bom: true,
    relax_column_count: false,
  }) as string[][];
  const [languages, ...rows] = records;
  if (!languages?.length || languages.some((code) => !isTranslationLanguage(code)))
    throw new TranslateError(
      'InvalidParameterValueException',
      'The first row must name a language code for each column',
    );
  return {
    name,
    ...(typeof input['Description'] === 'string' ? { description: input['Description'] } : {}),
    format: data.Format,
    directionality: data.Directionality ?? 'UNI',
    languages,
    rows,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
}

function propertiesOf(terminology: Terminology) {
  return {
    Name: terminology.name,
    ...(terminology.description ? { Description: terminology.description } : {}),
    Arn: `arn:aws:translate:local:000000000000:terminology/${terminology.name}/LATEST`,
    SourceLanguageCode: terminology.languages[0],
    TargetLanguageCodes: terminology.languages.slice(1),
    TermCount: terminology.rows.length,
    Format: terminology.format,
    Directionality: terminology.directionality,
    CreatedAt: terminology.createdAt / 1000,
    LastUpdatedAt: terminology.updatedAt / 1000,
  };
}

export interface TranslateEmulator {
  endpoint: string;
  /** Every TranslateText call it answered (tests read what the adapter asked). */
  readonly requests: Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startTranslateEmulator(port = 0): Promise<TranslateEmulator> {
  const terminologies = new Map<string, Terminology>();
  const requests: Record<string, unknown>[] = [];

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    TranslateText(input) {
      requests.push(input);
      // A long `npm start` keeps only the latest.
      if (requests.length > 1_000) requests.shift();
      const text = input['Text'];
      const source = input['SourceLanguageCode'];
      const target = input['TargetLanguageCode'];
      if (typeof text !== 'string' || text.length === 0)
        throw new TranslateError('ValidationException', 'Text must not be empty');
      if (Buffer.byteLength(text) > TRANSLATE_TEXT_MAX_BYTES)
        throw new TranslateError(
          'TextSizeLimitExceededException',
          `Text is longer than ${TRANSLATE_TEXT_MAX_BYTES} bytes`,
        );
      if (typeof source !== 'string' || typeof target !== 'string')
        throw new TranslateError('ValidationException', 'SourceLanguageCode and TargetLanguageCode are required');
      const detected = source === 'auto' ? languageByScript(text) : source;
      if (!isTranslationLanguage(detected) || !isTranslationLanguage(target))
        throw new TranslateError(
          'UnsupportedLanguagePairException',
          `The stand-in knows the six page languages, not ${detected}→${target}`,
        );
      const applied = ((input['TerminologyNames'] as string[] | undefined) ?? []).map((name) => {
        const terminology = terminologies.get(name);
        if (!terminology) throw new TranslateError('ResourceNotFoundException', `No terminology named ${name}`);
        return {
          Name: name,
          Terms: termsOf(terminology, detected, target).filter((term) => text.includes(term.SourceText)),
        };
      });
      const withTerms = applied
        .flatMap((terminology) => terminology.Terms)
        .reduce((result, term) => result.replaceAll(term.SourceText, term.TargetText), text);
      return {
        TranslatedText: `${LOCAL_STAND_IN_MARK}: ${detected}→${target}] ${withTerms}`,
        SourceLanguageCode: detected,
        TargetLanguageCode: target,
        ...(applied.length ? { AppliedTerminologies: applied } : {}),
      };
    },
    ImportTerminology(input) {
      const name = input['Name'];
      if (typeof name !== 'string' || !/^[A-Za-z0-9-]{1,256}$/.test(name))
        throw new TranslateError('InvalidParameterValueException', 'Name must be letters, digits and hyphens');
      if (input['MergeStrategy'] !== 'OVERWRITE')
        throw new TranslateError('InvalidParameterValueException', 'MergeStrategy must be OVERWRITE');
      const terminology = parseTerminology(name, input, terminologies.get(name), Date.now());
      terminologies.set(name, terminology);
      return { TerminologyProperties: propertiesOf(terminology) };
    },
    GetTerminology(input) {
      const terminology = terminologies.get(String(input['Name']));
      if (!terminology)
        throw new TranslateError('ResourceNotFoundException', `No terminology named ${String(input['Name'])}`);
      return { TerminologyProperties: propertiesOf(terminology) };
    },
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'Content-Type': 'application/x-amz-json-1.1',
        'Content-Length': String(Buffer.byteLength(text)),
      });
      response.end(text);
    };
    try {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? operations[target.slice(TARGET_PREFIX.length)] : undefined;
      if (request.method !== 'POST' || !operation)
        throw new TranslateError(
          'UnknownOperationException',
          `The stand-in does not answer ${target || 'this request'}`,
        );
      // A terminology file may be up to 10 MB; base64 makes it a third larger.
      const body = await readBody(request, 16 * 1024 * 1024);
      if (!body) throw new TranslateError('ValidationException', 'The request is too large', 413);
      send(200, operation(JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>));
    } catch (error) {
      if (error instanceof TranslateError) send(error.status, { __type: error.type, message: error.message });
      else
        send(500, {
          __type: 'InternalServerException',
          message: error instanceof Error ? error.message : String(error),
        });
    }
  }

  const server: Server = guardHost(createServer((request, response) => void answer(request, response)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  return {
    endpoint: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () => closeServer(server),
  };
}
