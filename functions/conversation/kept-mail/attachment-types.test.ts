/**
 * What an attachment is kept as, from its bytes: markup text (HTML, SVG with
 * or without its XML declaration, an HTML application) refused, other text
 * kept as text; a compound file kept only as a Word, Excel or HWP document,
 * never an installer, nor one with macros, an embedded program or a macro
 * sheet; a zip-based Office document refused past the inflation limits or
 * with macros, ActiveX or an embedded program; whatever the sender named it.
 */
import { describe, expect, it } from 'vitest';
import { BYTES } from '../../../tests/support/inbound-mail';
import { COMPOUND, DANGEROUS, compoundFileOf, docxBomb, docxOf, zipOf } from '../../../tests/support/attachment-files';
import { attachmentType } from './attachment-types';
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_INFLATED_BYTES,
  ARCHIVE_MAX_RATIO,
  officeArchiveProblem,
} from './office-archives';
import { looksLikeMarkup } from './text-attachments';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const CFB = 'application/x-cfb';

describe('text', () => {
  it('is kept as plain text, CSV when named so, whatever the name says it is', async () => {
    expect(await attachmentType(BYTES.text, 'notes.txt')).toEqual({ type: 'text/plain' });
    expect(await attachmentType(Buffer.from('date,pressure\n2026-11-20,120/80\n'), 'Results.CSV')).toEqual({
      type: 'text/csv',
    });
    for (const [name, bytes] of [
      ['payload.js', DANGEROUS.js],
      ['cleanup.bat', DANGEROUS.bat],
      ['clinic.url', DANGEROUS.url],
    ] as const)
      expect(await attachmentType(bytes, name), name).toEqual({ type: 'text/plain' });
  });

  it('is refused when it is markup: a page, an SVG (with or without its XML declaration), an HTML application', async () => {
    expect(await attachmentType(DANGEROUS.html, 'letter.html')).toEqual({ type: 'text/html', refused: 'type' });
    expect(await attachmentType(DANGEROUS.svg, 'x-ray.svg')).toEqual({ type: 'image/svg+xml', refused: 'type' });
    expect(await attachmentType(DANGEROUS.svgWithDeclaration, 'x-ray.svg')).toMatchObject({ refused: 'type' });
    expect(await attachmentType(DANGEROUS.hta, 'photo.hta')).toEqual({ type: 'text/html', refused: 'type' });
    // Named as text, it is still a page.
    expect(await attachmentType(DANGEROUS.html, 'notes.txt')).toMatchObject({ refused: 'type' });
  });

  it('tells markup from text that merely holds a "<"', () => {
    expect(looksLikeMarkup('Pressure < 120 and pulse <80, see you <3')).toBe(false);
    expect(looksLikeMarkup('Dear doctor,\nplease see <a href="https://x.example">this</a>')).toBe(true);
    expect(looksLikeMarkup('  \n<div>hello</div>')).toBe(true);
    expect(looksLikeMarkup('note: <IFRAME src=x>')).toBe(true);
  });

  it('is no text when it holds a control character or is not UTF-8: refused without a type', async () => {
    expect(await attachmentType(Buffer.from('abc\u0000def'), 'a.txt')).toEqual({ refused: 'type' });
    expect(await attachmentType(Buffer.from([0xc3, 0x28, 0x41]), 'a.txt')).toEqual({ refused: 'type' });
  });
});

describe('compound files (OLE)', () => {
  it('are kept as Word, Excel or HWP documents, told apart by their streams', async () => {
    expect(await attachmentType(COMPOUND.word(), 'letter.doc')).toEqual({ type: 'application/msword' });
    expect(await attachmentType(COMPOUND.excel(), 'costs.xls')).toEqual({ type: 'application/vnd.ms-excel' });
    expect(await attachmentType(COMPOUND.hwp(), '소견서.hwp')).toEqual({ type: 'application/x-hwp' });
  });

  it('are refused when they are anything else: an installer named as a document too', async () => {
    expect(await attachmentType(COMPOUND.msiLike(), 'setup.msi')).toEqual({ type: CFB, refused: 'type' });
    expect(await attachmentType(COMPOUND.msiLike(), 'report.doc')).toEqual({ type: CFB, refused: 'type' });
    // A FileHeader stream without HWP's signature is no HWP document.
    expect(await attachmentType(compoundFileOf({ FileHeader: Buffer.alloc(64) }), 'a.hwp')).toMatchObject({
      refused: 'type',
    });
  });

  it('are refused with macros, an embedded program or an Excel 4.0 macro sheet', async () => {
    expect(await attachmentType(COMPOUND.wordWithMacros(), 'letter.doc')).toEqual({
      type: CFB,
      refused: 'active_content',
    });
    expect(await attachmentType(COMPOUND.wordWithPackage(), 'letter.doc')).toEqual({
      type: CFB,
      refused: 'active_content',
    });
    expect(await attachmentType(COMPOUND.excelMacroSheet(), 'costs.xls')).toEqual({
      type: CFB,
      refused: 'active_content',
    });
  });

  it('are refused as unreadable when only their signature is one', async () => {
    const broken = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 0xff)]);
    expect(await attachmentType(broken, 'letter.doc')).toEqual({ type: CFB, refused: 'unreadable' });
  });
});

describe('zip-based Office documents', () => {
  it('are kept when their directory is a document’s', async () => {
    expect(await attachmentType(docxOf(), 'referral.docx')).toEqual({ type: DOCX });
  });

  it(`are refused past ${ARCHIVE_MAX_INFLATED_BYTES / 1024 / 1024} MiB inflated, or ${ARCHIVE_MAX_RATIO} times their size, without inflating anything`, async () => {
    const bomb = docxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await attachmentType(bomb, 'referral.docx')).toEqual({ type: DOCX, refused: 'inflation' });
    // Under the total, yet a thousand times its size: a ratio no document has.
    const dense = docxOf([{ name: 'word/media/fill.bin', data: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(dense.length * ARCHIVE_MAX_RATIO).toBeLessThan(8 * 1024 * 1024);
    expect(await officeArchiveProblem(dense)).toBe('inflation');
  });

  it(`are refused with more than ${ARCHIVE_MAX_ENTRIES} entries`, async () => {
    const many = docxOf(
      Array.from({ length: ARCHIVE_MAX_ENTRIES + 1 }, (_, index) => ({
        name: `word/p${index}.xml`,
        data: Buffer.from('x'),
      })),
    );
    expect(await officeArchiveProblem(many)).toBe('inflation');
  });

  it('are refused with a VBA project, a macro sheet, ActiveX or an embedded program', async () => {
    const part = (name: string) => docxOf([{ name, data: Buffer.from('binary') }]);
    for (const name of [
      'word/vbaProject.bin',
      'xl/macrosheets/sheet1.xml',
      'word/activeX/activeX1.bin',
      'word/embeddings/oleObject1.bin',
      'word/embeddings/setup.exe',
    ])
      expect(await officeArchiveProblem(part(name)), name).toBe('active_content');
    // An embedded workbook or picture is part of many documents.
    expect(await officeArchiveProblem(part('word/embeddings/Microsoft_Excel_Worksheet.xlsx'))).toBeUndefined();
    expect(await officeArchiveProblem(part('word/media/image1.png'))).toBeUndefined();
  });

  it('are refused as unreadable when the directory is broken or names a path outside', async () => {
    const docx = docxOf();
    expect(await officeArchiveProblem(docx.subarray(0, docx.length - 30))).toBe('unreadable');
    expect(await officeArchiveProblem(zipOf([{ name: '../evil.xml', data: Buffer.from('x') }]))).toBe('unreadable');
  });
});

describe('other types', () => {
  it('are kept by the type of their bytes, whatever the sender named them, and refused when not kept', async () => {
    expect(await attachmentType(BYTES.png, 'photo.jpg')).toEqual({ type: 'image/png' });
    expect(await attachmentType(BYTES.pdf, 'report.exe')).toEqual({ type: 'application/pdf' });
    expect(await attachmentType(BYTES.exe, 'invoice.pdf')).toEqual({
      type: 'application/x-msdownload',
      refused: 'type',
    });
    expect(await attachmentType(zipOf([{ name: 'a.txt', data: Buffer.from('x') }]), 'a.zip')).toEqual({
      type: 'application/zip',
      refused: 'type',
    });
  });
});
