/**
 * The shape of a mail program's way of answering, shared by the tables of
 * global-clients.ts and regional-clients.ts: the attribution line or header
 * block, how the quoted lines are marked, the line it signs with, and how it
 * sends the text (charset, transfer encoding).
 */
import type { LocaleCode } from '../../shared/locales';
import type { TransferEncoding } from './mime';
import { CENTRE, CENTRE_ADDRESS, DOCTOR, PATIENT } from './own-texts';

/** How the answered mail's lines are marked: "> ", ">" (no space), initials ("MC> "), or not at all. */
export type Quoting = 'angle' | 'tight' | 'initials' | 'plain';

export interface ClientStyle {
  client: string;
  language: LocaleCode;
  /** The attribution line or header block before the quoted mail. */
  attribution: string[];
  /** The same attribution as the client wraps it when the line is long (Gmail at 78 characters). */
  wrapped?: string[];
  /** The attribution is itself quoted ("> On … wrote:"), as iPhone Mail writes it. */
  attributionQuoted?: boolean;
  quoting: Quoting;
  /** A blank line between the attribution and the quoted mail. */
  gap: boolean;
  /** Lines the client's reply template puts above the attribution (The Bat!'s greeting). */
  greeting?: string[];
  /** The client's own line(s) below the new text ("Sent from my iPhone", a "-- " block). */
  signature?: string[];
  /** The header lines of a forwarded letter, where the benchmark forwards with this client. */
  forward?: string[];
  charset?: string;
  encoding?: TransferEncoding;
  flowed?: boolean;
  /** Sent as multipart/alternative with an HTML part beside the text. */
  multipart?: boolean;
  headers: string[];
}

/** A client's style before its name and language are filled in. */
export type Style = Omit<ClientStyle, 'client' | 'language'>;

/** The centre as the clients name it in their quote headers. */
export const WHO = `${CENTRE} <${CENTRE_ADDRESS}>`;
export const DOCTOR_WHO = `${DOCTOR.name} <${DOCTOR.address}>`;
/** The patient's address and name (their mail's From), as the quoted To lines show them. */
export const address = (locale: LocaleCode) => /<([^>]+)>/.exec(PATIENT[locale])?.[1] ?? '';
export const displayName = (locale: LocaleCode) => PATIENT[locale].replace(/\s*<.*$/, '');
/** Base64 for the scripts 7bit cannot carry, quoted-printable for Vietnamese, as Gmail and phones send them. */
export const cjkBase64 = (locale: LocaleCode): TransferEncoding =>
  locale === 'en' ? '7bit' : locale === 'vi' ? 'quoted-printable' : 'base64';
