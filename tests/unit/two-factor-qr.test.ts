/** The enrolment QR code, made from two of the library's modules only, is the image its main module makes. */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDataUrl } from '../../functions/services/two-factor-qr';

describe('qrDataUrl', () => {
  it("is the library's own SVG rendering of the URI, as a data URL", async () => {
    const uri = 'otpauth://totp/Medical%20Tourism:staff%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Medical%20Tourism';
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    const url = qrDataUrl(uri);
    expect(url).toBe(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
    expect(Buffer.from(url.split(',')[1] ?? '', 'base64').toString()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
