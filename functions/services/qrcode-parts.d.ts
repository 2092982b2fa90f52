/** Types of the two `qrcode` modules two-factor-qr.ts loads directly (@types/qrcode covers the main module only). */
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}

declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';

  export function render(qrData: QRCode, options?: QRCodeRenderersOptions): string;
}
