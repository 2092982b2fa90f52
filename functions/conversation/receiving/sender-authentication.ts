/**
 * Whether a received mail's sender is the address its From names: SPF or
 * DKIM passing for the From's own domain (aligned), or DMARC passing (which
 * means one of them aligned). Anyone can write any From, so only an
 * authenticated sender may be counted by its address or trusted as the
 * enquiry's visitor (docs/security.md, 'Mail received').
 *
 * SES gives its verdicts in the event, but they do not say for which domain
 * SPF and DKIM passed (a forger signs with his own domain and passes both).
 * The domains are in the `Authentication-Results` header SES puts at the top
 * of the raw message, as it wrote it:
 *
 *   amazonses.com; spf=pass (spfCheck: ...) client-ip=...; envelope-from=a@x.example;
 *   helo=...; dkim=pass header.i=@x.example; dmarc=pass header.from=x.example;
 *
 * Only the topmost such header is read, and only when SES wrote it (its
 * authserv-id `amazonses.com`): a sender can put any header of his own below
 * it. Part of it is his to choose too (the envelope sender, the HELO name),
 * so a method named twice, a property given twice, a quote or a comment that
 * does not close make the whole header untrusted, and each result read from
 * it must agree with SES's verdict of the same check. Any doubt reads as not
 * authenticated: the mail is still filed, marked and counted as such.
 */
import type { ParsedMail } from 'mailparser';
import type { Verdicts } from '../../../shared/conversation/visitor-messages';

/** SES's authserv-id: the header it adds names itself so. */
export const SES_AUTHSERV_ID = 'amazonses.com';

const METHODS = ['spf', 'dkim', 'dmarc'] as const;
type Method = (typeof METHODS)[number];

/** One method's result in the header: `pass`, `fail`, `none`, ... and its properties (`header.i`, `envelope-from`, ...). */
interface MethodResult {
  result: string;
  properties: Map<string, string>;
}

/** The header's text without its comments; `undefined` when a comment nests or does not close, or a quote is in it. */
function withoutComments(value: string): string | undefined {
  if (/["\\]/.test(value)) return undefined;
  let depth = 0;
  let kept = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0) kept += char;
    if (depth < 0 || depth > 1) return undefined;
  }
  return depth === 0 ? kept : undefined;
}

/**
 * SES's results by method, read from the header's value; `undefined` when it
 * is not SES's or cannot be read without doubt. SES ends a result's
 * properties with `;` too (`client-ip=...; envelope-from=...;`), so a part
 * that names no method belongs to the method before it.
 */
export function readSesResults(value: string): Map<Method, MethodResult> | undefined {
  const text = withoutComments(value.replace(/\r?\n[ \t]+/g, ' '));
  if (text === undefined) return undefined;
  const [authservId, ...parts] = text.split(';');
  if (authservId?.trim().toLowerCase() !== SES_AUTHSERV_ID) return undefined;
  const results = new Map<Method, MethodResult>();
  let current: MethodResult | undefined;
  for (const part of parts) {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const [first, ...rest] = tokens;
    if (!first) continue;
    const [key = '', result = ''] = first.toLowerCase().split('=', 2);
    const method = METHODS.find((name) => name === key);
    let properties = tokens;
    if (method) {
      if (results.has(method)) return undefined;
      current = { result, properties: new Map() };
      results.set(method, current);
      properties = rest;
    } else if (!first.includes('=') || /^[a-z-]+=(pass|fail|none|neutral|softfail|temperror|permerror)$/i.test(first)) {
      // Another method's result (arc=, auth=): its properties are not ours to read.
      current = undefined;
      continue;
    }
    for (const token of properties) {
      const at = token.indexOf('=');
      if (at < 1) return undefined;
      const name = token.slice(0, at).toLowerCase();
      if (!current) continue;
      if (current.properties.has(name)) return undefined;
      current.properties.set(name, token.slice(at + 1));
    }
  }
  return results;
}

/** The domain of an address or an identity (`a@x.example`, `@x.example`, `x.example`), lower case. */
const domainOf = (identity: string | undefined) => identity?.slice(identity.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether an authenticated domain is aligned with the From's: the same, or a
 * subdomain of it (DMARC's relaxed alignment, read from the From's side
 * without the public suffix list: a From at a bare public suffix, which no
 * mailbox has, is the one case it would read too kindly).
 */
export function aligned(authenticated: string | undefined, fromDomain: string): boolean {
  if (!authenticated || !fromDomain.includes('.')) return false;
  return authenticated === fromDomain || authenticated.endsWith(`.${fromDomain}`);
}

/** The From's one address: `undefined` when the mail has no From, two From headers or a From of two addresses (which one would DMARC have checked?). */
function soleFromAddress(parsed: Pick<ParsedMail, 'from' | 'headerLines'>): string | undefined {
  if (parsed.headerLines.filter((line) => line.key === 'from').length !== 1) return undefined;
  const addresses = parsed.from?.value ?? [];
  const address = addresses.length === 1 ? addresses[0]?.address?.toLowerCase() : undefined;
  return address?.includes('@') ? address : undefined;
}

/**
 * Whether a passing method's identities are all aligned with the From's
 * domain, and there is one: an identity the sender slipped in beside SES's
 * own (`smtp.mailfrom=` after SES's `envelope-from=`) is not aligned, and
 * spoils the method.
 */
function identitiesAligned(properties: Map<string, string> | undefined, names: readonly string[], fromDomain: string) {
  const identities = names.flatMap((name) => properties?.get(name) ?? []);
  return identities.length > 0 && identities.every((identity) => aligned(domainOf(identity), fromDomain));
}

/** Whether the sender is the From's address, by SES's topmost Authentication-Results and its verdicts together. */
export function senderAuthenticated(parsed: Pick<ParsedMail, 'from' | 'headerLines'>, verdicts: Verdicts): boolean {
  const from = soleFromAddress(parsed);
  const top = parsed.headerLines.find((line) => line.key === 'authentication-results');
  if (!from || !top) return false;
  const results = readSesResults(top.line.replace(/^[^:]*:/, ''));
  if (!results) return false;
  const fromDomain = domainOf(from) ?? '';
  const passed = (method: Method) =>
    results.get(method)?.result === 'pass' && verdicts[method] === 'PASS' ? results.get(method)?.properties : undefined;
  const dmarcFrom = passed('dmarc')?.get('header.from');
  return (
    (dmarcFrom !== undefined && domainOf(dmarcFrom) === fromDomain) ||
    identitiesAligned(passed('dkim'), ['header.d', 'header.i'], fromDomain) ||
    identitiesAligned(passed('spf'), ['smtp.mailfrom', 'envelope-from'], fromDomain)
  );
}
