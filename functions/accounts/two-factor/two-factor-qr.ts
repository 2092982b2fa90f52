/**
 * The QR code an authenticator app scans, made on the server as an SVG data
 * URL: the server makes the secret anyway, the browser bundle stays free of a
 * QR library, and the page shows it as a plain `<img>` (the CSP's `img-src`
 * allows `data:`). A module of its own so that only the enrolment start
 * bundles the QR code library, through its public API only: its inner files
 * are no interface it promises to keep.
 * So that bundle carries the library's other renderers too, never run (the
 * PNG one with `pngjs`: about 35 KiB minified, 11 KiB gzip), which is fine.
 */
import { toString } from 'qrcode';

/** The URI as a QR code: an SVG image in a data URL. */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
