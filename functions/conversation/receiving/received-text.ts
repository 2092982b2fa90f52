/**
 * A received mail's text made plain before anything reads it: line ends as
 * `\n`, Unicode in its composed form (NFC: a Vietnamese mail in windows-1258
 * arrives with its tone marks as separate characters, and "Từ:" would not be
 * read as "Từ:"), no-break spaces as spaces (Gmail's HTML quote headers are
 * full of them), and without the characters every other route refuses: the
 * control characters but tab and line end, and the invisible ones that turn
 * text around or hide in it (bidi controls, the byte-order mark). Linear in
 * the text's length.
 */
import { normaliseEmail } from '../../../shared/intake/form-fields';

/** C0 controls but tab and line feed, DEL, the C1 controls, bidi marks, embeddings, overrides and isolates, and the byte-order mark. */
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A sender's address as every store keys it: lower case, its domain in ASCII
 * (`a@пример.рф` as `a@xn--e1afmkfd.xn--p1ai`), as an enquiry's address is
 * stored (normaliseEmail), so the privacy lookup, erasure and the per-sender
 * limit find a Unicode-domain sender's mail. '' when there is none.
 */
export function senderAddress(address: string | undefined): string {
  const raw = (address ?? '').trim();
  return (normaliseEmail(raw) ?? raw).toLowerCase();
}

export function receivedText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
    .replace(/\u00a0/g, ' ')
    .replace(UNWANTED, '');
}
