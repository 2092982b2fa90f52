/**
 * The enrolment QR code: the SVG image qrcode's own API makes of the URI, as
 * a data URL. No QR decoder is installed, so the image is read back into its
 * modules instead and matched with the code the library makes of the URI.
 */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDataUrl } from './two-factor-qr';

const URI = 'otpauth://totp/Medical%20Tourism:staff%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Medical%20Tourism';

const svgOf = (url: string) => Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString();

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

describe('qrDataUrl', () => {
  it("is the library's own SVG rendering of the URI, as a data URL", async () => {
    const svg = await QRCode.toString(URI, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    await expect(qrDataUrl(URI)).resolves.toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
  });

  it("draws exactly the dark modules of the URI's QR code, inside a quiet zone two modules wide", async () => {
    const svg = svgOf(await qrDataUrl(URI));
    const { modules } = QRCode.create(URI, { errorCorrectionLevel: 'M' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"[^>]*>.*<\/svg>\n?$/s);
    expect(svg).toContain(`viewBox="0 0 ${modules.size + 4} ${modules.size + 4}"`);
    const expected = new Set<string>();
    modules.data.forEach((isDark, index) => {
      if (isDark) expected.add(`${(index % modules.size) + 2},${Math.floor(index / modules.size) + 2}`);
    });
    expect(expected.size).toBeGreaterThan(0);
    expect(darkModules(svg)).toEqual(expected);
  });

  it('gives the same image for the same URI, and another for another secret', async () => {
    const [first, again, other] = await Promise.all([
      qrDataUrl(URI),
      qrDataUrl(URI),
      qrDataUrl(URI.replace('JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU')),
    ]);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });
});
