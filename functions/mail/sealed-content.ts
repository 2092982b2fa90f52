/**
 * Mail words that hold a bearer secret (an invitation's or an enrolment's
 * one-time link) wait in the outbox sealed: AES-256-GCM under a key derived
 * (HKDF-SHA-256) from the token secret, which lives in Secrets Manager, not in
 * any table. Whoever can read the tables, a backup or a stream of them gets
 * ciphertext and no link; the sending step opens it at the moment it sends.
 * A secret rotated between queueing and sending leaves a sealed mail that no
 * longer opens: it is given up (and the admin invites again), never sent
 * garbled.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKey } from '../platform/link-secrets';
import type { MailContent } from './ports';

const FORMAT = 'v1';
/** The key's purpose, so the same secret never keys two different things. */
const KEY_INFO = 'outbox sealed mail content v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFrom = (secret: string) => purposeKey(secret, KEY_INFO);

/** The content sealed for the outbox: `v1.<iv>.<ciphertext and tag>` (base64url). */
export function sealContent(secret: string, content: MailContent): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [FORMAT, iv.toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The content back; throws when it was sealed with another secret or changed since. */
export function openContent(secret: string, sealed: string): MailContent {
  const [format, iv, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !body) throw new Error('Sealed mail content is not in a known format');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(text) as MailContent;
}
