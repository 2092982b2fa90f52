/**
 * The QR code an authenticator app scans, made on the server as an SVG data
 * URL: the server makes the secret anyway, the browser bundle stays free of a
 * QR library, and the page shows it as a plain `<img>` (the CSP's `img-src`
 * allows `data:`). A module of its own so that only the enrolment start
 * bundles the QR code library (qrcode-generator, which has no dependencies:
 * only the code's modules are taken from it, not its own renderers).
 *
 * The image is drawn here from the modules: one path, each run of dark
 * modules in a row a stroke one module high (as the `qrcode` package this
 * replaced drew it), on a white square with a quiet zone of two modules.
 */
import qrcode from 'qrcode-generator';

/** The quiet zone around the code, in modules: the image's margin as it was with the qrcode package. */
const QUIET_ZONE = 2;

/**
 * The URI's bytes in UTF-8, one character per byte: the library takes a string in
 * byte mode as the low byte of each UTF-16 unit, so a character outside ASCII would
 * come out wrong without this (an otpauth URI is ASCII once percent-encoded).
 */
const utf8Bytes = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));

/** The path of the dark modules: each row's first run from its start (`M`), the next ones moved to (`m`), then its length (`h`). */
function darkModulesPath(isDark: (row: number, column: number) => boolean, size: number): string {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    let pen: number | undefined;
    for (let column = 0; column < size; column += 1) {
      if (!isDark(row, column)) continue;
      let end = column + 1;
      while (end < size && isDark(row, end)) end += 1;
      path += pen === undefined ? `M${column + QUIET_ZONE} ${row + QUIET_ZONE + 0.5}` : `m${column - pen} 0`;
      path += `h${end - column}`;
      pen = end;
      column = end;
    }
  }
  return path;
}

/** The URI as a QR code (error correction M, the smallest version that holds it): an SVG image in a data URL. */
export async function qrDataUrl(uri: string): Promise<string> {
  const code = qrcode(0, 'M');
  code.addData(utf8Bytes(uri), 'Byte');
  code.make();
  const modules = code.getModuleCount();
  const side = modules + 2 * QUIET_ZONE;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<path fill="#ffffff" d="M0 0h${side}v${side}H0z"/>` +
    `<path stroke="#000000" d="${darkModulesPath((row, column) => code.isDark(row, column), modules)}"/></svg>\n`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
