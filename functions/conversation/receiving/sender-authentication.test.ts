/**
 * Whether a received mail's sender is the address its From names, read from
 * SES's topmost Authentication-Results and SES's verdicts together: the
 * patient's own mail (SPF, DKIM or DMARC passing for her domain) is; a forger
 * writing her address is not, whether he signs with his own domain, adds an
 * Authentication-Results of his own, slips results into the parts of SES's
 * header he chooses (the envelope sender, the HELO name), or writes two From
 * addresses; and nothing from the local door is.
 */
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { NOT_CHECKED_LOCALLY, type Verdicts } from '../../../shared/conversation/visitor-messages';
import { rawMessage, sesAuthenticationResults, sesStamped } from '../../../tests/support/inbound-mail';
import { aligned, readSesResults, senderAuthenticated } from './sender-authentication';

const PASSING: Verdicts = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS', dmarc: 'PASS' };
/** What SES says of a forger who sends from his own server and signs with his own domain: both pass, for his domain. */
const FORGER: Verdicts = { ...PASSING, dmarc: 'GRAY' };
const PATIENT = 'anna@example.com';

/** Whether a mail with these headers on top (SES's first) and this From is read as sent by its From. */
async function authenticated(headers: string[], verdicts: Verdicts, from = `Anna <${PATIENT}>`): Promise<boolean> {
  const raw = sesStamped(await rawMessage({ from, to: 'reply@reply.site.example', text: 'Hello' }), ...headers);
  return senderAuthenticated(await simpleParser(raw), verdicts);
}

/** SES's header for a forger's mail: SPF and DKIM pass for evil.example, DMARC none for the From's domain. */
const forgersHeader = (extra: { envelopeFrom?: string } = {}) =>
  sesAuthenticationResults(PATIENT, {
    dmarc: 'none',
    envelopeFrom: extra.envelopeFrom ?? 'bounce@evil.example',
    dkimIdentity: '@evil.example',
  });

describe('the patient, authenticated', () => {
  it('is, by SES header and verdicts agreeing: DMARC, or DKIM or SPF aligned with her domain', async () => {
    expect(await authenticated([sesAuthenticationResults(PATIENT)], PASSING)).toBe(true);
    // No DMARC record for her domain: DKIM alone, or SPF alone (a forward breaks DKIM), aligned.
    const noDmarc = { ...PASSING, dmarc: 'GRAY' } as const;
    expect(await authenticated([sesAuthenticationResults(PATIENT, { dmarc: 'none', spf: 'none' })], noDmarc)).toBe(
      true,
    );
    expect(
      await authenticated([sesAuthenticationResults(PATIENT, { dmarc: 'none', dkim: 'none' })], {
        ...noDmarc,
        dkim: 'GRAY',
      }),
    ).toBe(true);
  });

  it('is when her domain signs from a subdomain of it (relaxed alignment), folded header and all', async () => {
    const header = sesAuthenticationResults(PATIENT, { dmarc: 'none', dkimIdentity: '@mail.example.com' });
    expect(await authenticated([header], FORGER)).toBe(true);
  });

  it('is not when the verdict of the same check disagrees with the header', async () => {
    const header = sesAuthenticationResults(PATIENT, { spf: 'none' });
    expect(await authenticated([header], { ...PASSING, spf: 'GRAY', dkim: 'FAIL', dmarc: 'GRAY' })).toBe(false);
  });
});

describe('a forger writing her address', () => {
  it('is not when SPF and DKIM pass for his own domain', async () => {
    expect(await authenticated([forgersHeader()], FORGER)).toBe(false);
  });

  it('is not for a domain that only ends like hers', async () => {
    const header = sesAuthenticationResults(PATIENT, {
      dmarc: 'none',
      envelopeFrom: 'bounce@mail.notexample.com',
      dkimIdentity: '@notexample.com',
    });
    expect(await authenticated([header], FORGER)).toBe(false);
    expect(aligned('example.com.evil.example', 'example.com')).toBe(false);
    expect(aligned('mail.example.com', 'example.com')).toBe(true);
  });

  it("is not with an Authentication-Results of his own below SES's, nor with his own alone (no SES one on top)", async () => {
    const his =
      'Authentication-Results: amazonses.com; dkim=pass header.i=@example.com; dmarc=pass header.from=example.com';
    expect(await authenticated([forgersHeader(), his], FORGER)).toBe(false);
    const elsewhere = 'Authentication-Results: mx.example.com; dkim=pass header.i=@example.com';
    expect(await authenticated([elsewhere, sesAuthenticationResults(PATIENT)], PASSING)).toBe(false);
  });

  it('is not when he slips results into the parts of SES header he chooses (HELO name, envelope sender)', async () => {
    const viaHelo = forgersHeader().replace('helo=mail.evil.example;', 'helo=x;dkim=pass;header.i=@example.com;');
    expect(await authenticated([viaHelo], FORGER)).toBe(false);
    const identity = forgersHeader().replace('helo=mail.evil.example;', 'helo=x;smtp.mailfrom=anna@example.com;');
    expect(await authenticated([identity], FORGER)).toBe(false);
    const quoted = forgersHeader({ envelopeFrom: '"x;dmarc=pass header.from=example.com"@evil.example' });
    expect(await authenticated([quoted], FORGER)).toBe(false);
    const comment = forgersHeader().replace('helo=mail.evil.example;', 'helo=x(;dkim=pass header.i=@example.com;');
    expect(await authenticated([comment], FORGER)).toBe(false);
  });

  it('is not with two From addresses, or two From headers', async () => {
    const header = sesAuthenticationResults(PATIENT);
    expect(await authenticated([header], PASSING, `${PATIENT}, boss@evil.example`)).toBe(false);
    expect(await authenticated([header, `From: ${PATIENT}`], PASSING, 'boss@evil.example')).toBe(false);
  });
});

describe('nothing checked', () => {
  it('is not authenticated: the local door checks nothing, and a mail without SES header is not either', async () => {
    expect(await authenticated([sesAuthenticationResults(PATIENT)], NOT_CHECKED_LOCALLY)).toBe(false);
    expect(await authenticated([], PASSING)).toBe(false);
  });
});

describe('readSesResults', () => {
  it("reads SES's form: each method's result, the properties SES ends with ';' kept with their method, comments left out", () => {
    const value =
      ' amazonses.com; spf=pass (spfCheck: domain of example.com designates 192.0.2.1 as permitted sender) client-ip=192.0.2.1;\r\n envelope-from=prvs=144d0cba42=a@example.com; helo=mail.example.com; dkim=pass header.i=@example.com; dmarc=none header.from=example.com;';
    const results = readSesResults(value);
    expect(results?.get('spf')).toEqual({
      result: 'pass',
      properties: new Map([
        ['client-ip', '192.0.2.1'],
        ['envelope-from', 'prvs=144d0cba42=a@example.com'],
        ['helo', 'mail.example.com'],
      ]),
    });
    expect(results?.get('dkim')?.properties.get('header.i')).toBe('@example.com');
    expect(results?.get('dmarc')?.result).toBe('none');
  });

  it('reads nothing of a header another server wrote, or one naming a method twice', () => {
    expect(readSesResults('mx.example.com; dkim=pass header.i=@example.com')).toBeUndefined();
    expect(
      readSesResults('amazonses.com; dkim=fail header.i=@a.example; dkim=pass header.i=@b.example'),
    ).toBeUndefined();
  });
});
