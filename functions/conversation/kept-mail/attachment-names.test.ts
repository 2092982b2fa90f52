/**
 * The names attachments are listed and saved under: no path, no control or
 * format character (a right-to-left override cannot make an `.hta` read as a
 * `.jpg`, nor a zero-width space hide in a name), and a kept file's name ends
 * with its type's extension: text gets `.txt` after the name it came with,
 * other types have a wrong extension replaced.
 */
import { describe, expect, it } from 'vitest';
import { plainName } from '../../../shared/conversation/attachment-names';
import { RTL_OVERRIDE_NAME } from '../../../tests/support/attachment-files';
import { NAME_MAX, attachmentName, keptName } from './attachment-names';

const PNG = 'image/png';
const PDF = 'application/pdf';
const TEXT = 'text/plain';

describe('the name an attachment is listed under', () => {
  it('takes out every bidi control: marks, embeddings, overrides, isolates, the Arabic letter mark', () => {
    for (const control of [
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u061c',
    ])
      expect(attachmentName(`report${control}.pdf`, 1), JSON.stringify(control)).toBe('report.pdf');
    expect(attachmentName(RTL_OVERRIDE_NAME, 1)).toBe('photo(BK 1) gpj.hta');
  });

  it('takes out zero-width and other format characters, and makes controls and line breaks one space', () => {
    expect(attachmentName('sc\u200ban\u200c\u200d\u2060\ufeff\u00ad.pdf', 1)).toBe('scan.pdf');
    expect(attachmentName('a\r\nb\tc\u2028d\u0085e.pdf', 1)).toBe('a b c d e.pdf');
    expect(plainName('  x \u202e  y ')).toBe('x y');
  });

  it('drops the path, and the trailing dots and spaces Windows drops (the extension is what is left)', () => {
    expect(attachmentName('C:\\Users\\anna\\scan.pdf', 1)).toBe('scan.pdf');
    expect(attachmentName('../../etc/passwd', 1)).toBe('passwd');
    expect(attachmentName('invoice.pdf.exe. . .', 1)).toBe('invoice.pdf.exe');
  });

  it('is made from its place when nothing is left, and cut to NAME_MAX characters, never half of one', () => {
    expect(attachmentName(undefined, 3)).toBe('attachment-3');
    expect(attachmentName('\u202e\u200b', 4)).toBe('attachment-4');
    const long = attachmentName(`${'검'.repeat(NAME_MAX + 10)}.pdf`, 1);
    expect(Array.from(long)).toHaveLength(NAME_MAX);
  });
});

describe('the name a kept file is saved under ends with its type’s extension', () => {
  it('keeps a name with its type’s extension, in any case, and the other extensions of that type', () => {
    expect(keptName('Scan.PNG', PNG)).toBe('Scan.PNG');
    expect(keptName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(keptName('page.tiff', 'image/tiff')).toBe('page.tiff');
    expect(keptName('table.csv', 'text/csv')).toBe('table.csv');
  });

  it('replaces a wrong extension by the type’s: a .jpg that is a PNG is .png, an .exe that is a PDF is .pdf', () => {
    expect(keptName('photo.jpg', PNG)).toBe('photo.png');
    expect(keptName('report.exe', PDF)).toBe('report.pdf');
    expect(keptName('photo(BK 1) gpj.hta', PNG)).toBe('photo(BK 1) gpj.png');
    expect(keptName('letter.docx', 'application/msword')).toBe('letter.doc');
  });

  it('adds the extension to a name without one that reads as one', () => {
    expect(keptName('scan', PDF)).toBe('scan.pdf');
    expect(keptName('scan 2024.11', PDF)).toBe('scan 2024.11.pdf');
    expect(keptName('.jpg', PNG)).toBe('attachment.png');
  });

  it('gives text .txt after the name it came with, so a script or shortcut opens in a text editor', () => {
    expect(keptName('notes.txt', TEXT)).toBe('notes.txt');
    expect(keptName('run.bat', TEXT)).toBe('run.bat.txt');
    expect(keptName('payload.js', TEXT)).toBe('payload.js.txt');
    expect(keptName('clinic.url', TEXT)).toBe('clinic.url.txt');
    expect(keptName('README', TEXT)).toBe('README.txt');
  });

  it('keeps the extension when the name is cut to NAME_MAX', () => {
    const name = keptName(`${'a'.repeat(NAME_MAX)}.exe`, PDF);
    expect(name).toHaveLength(NAME_MAX);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('knows no extension for a type that is not kept', () => {
    expect(() => keptName('page.html', 'text/html')).toThrow(/not a kept type/);
  });
});
