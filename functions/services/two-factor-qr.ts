/**
 * The QR code an authenticator app scans, made on the server as an SVG data
 * URL: the server makes the secret anyway, the browser bundle stays free of a
 * QR library, and the page shows it as a plain `<img>` (the CSP's `img-src`
 * allows `data:`). A module of its own so that only the enrolment start
 * bundles the QR code library, and of that library only the encoder and its
 * SVG renderer: its main module loads every renderer, the PNG one with
 * `pngjs` behind it (about 35 KiB minified this function never runs).
 */
import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/** The URI as a QR code: an SVG image in a data URL. */
export function qrDataUrl(uri: string): string {
  const svg = render(create(uri, { errorCorrectionLevel: 'M' }), { margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
