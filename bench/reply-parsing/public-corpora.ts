/**
 * The public corpora's cases, read from fixtures/<corpus>/: each corpus's
 * manifest.json names its fixtures with their client and language, and each
 * fixture has its expected new text beside it (<name>.expected.txt). A plain
 * text fixture (the reply parsers' own tests use the text part alone) is
 * wrapped in a minimal RFC 822 message, so it goes through the same pipeline
 * as a received mail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplyCase } from './case';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

interface Manifest {
  repository: string;
  commit: string;
  path: string;
  cases: { file: string; client: string; language: string; note?: string }[];
}

/** A text part alone as a received message: UTF-8, 8bit, its bytes unchanged. */
export function wrapText(body: Buffer): Buffer {
  const head = [
    'From: Visitor <visitor@mail.example>',
    'To: MT-000123 <reply+mt-000123@reply.medical-tourism.example>',
    'Subject: Re: Your enquiry MT-000123',
    'Date: Thu, 13 Mar 2025 09:30:00 +0900',
    'Message-ID: <public-fixture@mail.example>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: 8bit',
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'ascii'), body]);
}

export const expectedFile = (file: string) => file.replace(/\.(eml|txt)$/, '.expected.txt');

/** Every corpus folder under fixtures/ with its manifest. */
export function corpora(): { folder: string; manifest: Manifest }[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      folder: entry.name,
      manifest: JSON.parse(readFileSync(join(FIXTURES, entry.name, 'manifest.json'), 'utf8')) as Manifest,
    }));
}

export function publicCases(): ReplyCase[] {
  return corpora().flatMap(({ folder, manifest }) =>
    manifest.cases.map((entry): ReplyCase => {
      const bytes = readFileSync(join(FIXTURES, folder, entry.file));
      return {
        id: `${folder}/${entry.file}`,
        corpus: manifest.repository,
        client: entry.client,
        language: entry.language,
        kind: 'public fixture',
        raw: entry.file.endsWith('.eml') ? bytes : wrapText(bytes),
        expected: readFileSync(join(FIXTURES, folder, expectedFile(entry.file)), 'utf8'),
        ...(entry.note ? { note: entry.note } : {}),
      };
    }),
  );
}
