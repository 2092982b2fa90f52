/**
 * The enrolment QR code: an SVG image of the URI's QR code (error correction
 * M, a quiet zone two modules wide), as a data URL. No QR decoder is
 * installed, so the image is read back into its modules instead and matched
 * with the code the library makes of the URI's bytes, and its finder and
 * timing patterns are checked where every QR code has them.
 */
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { qrDataUrl } from './two-factor-qr';

const URI = 'otpauth://totp/Medical%20Tourism:staff%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Medical%20Tourism';
const DATA_URL_START = 'data:image/svg+xml;base64,';

const svgOf = (url: string) => Buffer.from(url.slice(DATA_URL_START.length), 'base64').toString();

/** The dark modules an SVG's path draws, as "column,row", read from its moves (M, m) and runs (h) one module high. */
function darkModules(svg: string): Set<string> {
  const path = /<path stroke="#000000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, command, first, second] of path.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    const [a, b] = [Number(first), Number(second ?? 0)];
    if (command === 'M') [x, y] = [a, b];
    else if (command === 'm') [x, y] = [x + a, y + b];
    else for (const end = x + a; x < end; x += 1) dark.add(`${x},${Math.floor(y)}`);
  }
  return dark;
}

/** The QR code of a text's UTF-8 bytes at error correction M, as the library makes it. */
function codeOf(text: string) {
  const code = qrcode(0, 'M');
  code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  code.make();
  return code;
}

/** A code's dark modules as "column,row", moved by the quiet zone's two modules. */
function modulesOf(code: ReturnType<typeof qrcode>): Set<string> {
  const dark = new Set<string>();
  const size = code.getModuleCount();
  for (let row = 0; row < size; row += 1)
    for (let column = 0; column < size; column += 1) if (code.isDark(row, column)) dark.add(`${column + 2},${row + 2}`);
  return dark;
}

/** A finder pattern (7 × 7: a dark ring, a light ring, a dark 3 × 3 centre) with its top left corner at column x, row y. */
function isFinderAt(dark: Set<string>, x: number, y: number): boolean {
  for (let row = 0; row < 7; row += 1)
    for (let column = 0; column < 7; column += 1) {
      const ring = Math.max(Math.abs(row - 3), Math.abs(column - 3));
      if (dark.has(`${x + column},${y + row}`) !== (ring !== 2)) return false;
    }
  return true;
}

describe('qrDataUrl', () => {
  it('is an SVG image in a data URL, one module a unit, white under the code and its quiet zone', async () => {
    const svg = svgOf(await qrDataUrl(URI));
    // The URI's 101 bytes take version 6 at level M (41 modules), as the qrcode package drew it before.
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 45 45" shape-rendering="crispEdges"><path fill="#ffffff" d="M0 0h45v45H0z"\/><path stroke="#000000" d="M[\d. Mmh]+"\/><\/svg>\n$/,
    );
  });

  it("draws exactly the dark modules of the URI's QR code, inside a quiet zone two modules wide", async () => {
    const expected = modulesOf(codeOf(URI));
    expect(expected.size).toBeGreaterThan(0);
    expect(darkModules(svgOf(await qrDataUrl(URI)))).toEqual(expected);
  });

  it('has the finder patterns in three corners and the timing patterns between them', async () => {
    const dark = darkModules(svgOf(await qrDataUrl(URI)));
    const [first, last] = [2, 2 + 41 - 7];
    expect([isFinderAt(dark, first, first), isFinderAt(dark, last, first), isFinderAt(dark, first, last)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(isFinderAt(dark, last, last)).toBe(false);
    for (let along = 8; along < 41 - 8; along += 1) {
      expect(dark.has(`${2 + along},${2 + 6}`), `timing row, module ${along}`).toBe(along % 2 === 0);
      expect(dark.has(`${2 + 6},${2 + along}`), `timing column, module ${along}`).toBe(along % 2 === 0);
    }
  });

  it('encodes the UTF-8 bytes of a text beyond ASCII, not the low byte of each character', async () => {
    const text = 'otpauth://totp/부산:직원?secret=JBSWY3DPEHPK3PXP';
    const lowBytes = qrcode(0, 'M');
    lowBytes.addData(text, 'Byte');
    lowBytes.make();
    const dark = darkModules(svgOf(await qrDataUrl(text)));
    expect(dark).toEqual(modulesOf(codeOf(text)));
    expect(dark).not.toEqual(modulesOf(lowBytes));
  });

  it('gives the same image for the same URI, and another for another secret', async () => {
    const [first, again, other] = await Promise.all([
      qrDataUrl(URI),
      qrDataUrl(URI),
      qrDataUrl(URI.replace('JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU')),
    ]);
    expect(first.startsWith(DATA_URL_START)).toBe(true);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });
});
