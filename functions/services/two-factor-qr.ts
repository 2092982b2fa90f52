/**
 * The QR code an authenticator app scans, made on the server as an SVG data
 * URL: the server makes the secret anyway, the browser bundle stays free of a
 * QR library, and the page shows it as a plain `<img>` (the CSP's `img-src`
 * allows `data:`). A module of its own so that only the enrolment start
 * bundles `qrcode` (a CommonJS library, which a bundler cannot trim, with
 * `pngjs` behind it).
 */
import QRCode from 'qrcode';

/** The URI as a QR code: an SVG image in a data URL. */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
