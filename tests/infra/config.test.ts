import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ContextError,
  DEFAULT_REGION,
  edgeStackNameOf,
  readStageConfig,
  stackNameOf,
  stageRegion,
} from '../../infra/config';

// An App without an outdir makes a temporary folder of its own each time, and nothing removes it.
const outdir = mkdtempSync(join(tmpdir(), 'infra-config-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
const read = (context: Record<string, unknown>) => readStageConfig(new App({ context, outdir }).node);
const MAIL = { mailFrom: 'noreply@example.com', mailTo: 'staff@example.com' };

function problemsOf(context: Record<string, unknown>): string[] {
  try {
    read(context);
  } catch (error) {
    if (error instanceof ContextError) return error.problems;
    throw error;
  }
  return [];
}

describe('stage configuration from CDK context', () => {
  it('defaults to a non-production dev stage', () => {
    expect(read(MAIL)).toEqual({
      stage: 'dev',
      production: false,
      requireTwoFactor: false,
      inboundDomain: 'reply.example.com',
      ...MAIL,
    });
    expect(stackNameOf('dev')).toBe('MedicalTourism-dev');
  });

  it('treats stage prod as production unless told otherwise', () => {
    expect(read({ ...MAIL, stage: 'prod' }).production).toBe(true);
    expect(read({ ...MAIL, stage: 'prod', production: 'false' }).production).toBe(false);
    expect(read({ ...MAIL, stage: 'live', production: true }).production).toBe(true);
  });

  it('requires two-factor sign-in by default in production stages only, unless told otherwise', () => {
    expect(read({ ...MAIL, stage: 'prod' }).requireTwoFactor).toBe(true);
    expect(read({ ...MAIL, stage: 'prod', requireTwoFactor: 'false' }).requireTwoFactor).toBe(false);
    expect(read({ ...MAIL, stage: 'test', requireTwoFactor: 'true' }).requireTwoFactor).toBe(true);
    expect(read({ ...MAIL, stage: 'test' }).requireTwoFactor).toBe(false);
  });

  it('lists every missing or wrong value at once', () => {
    const problems = problemsOf({ stage: 'Prod!', mailTo: 'not-an-address', production: 'yes' });
    expect(problems).toEqual([
      expect.stringContaining('stage must be'),
      expect.stringContaining('production must be'),
      expect.stringContaining('mailFrom is missing'),
      expect.stringContaining('mailTo must be an e-mail address'),
    ]);
    expect(() => read({})).toThrow(/-c name=value/);
  });

  it('takes a custom domain only with a us-east-1 certificate', () => {
    expect(problemsOf({ ...MAIL, domainName: 'www.example.com' })).toEqual([
      expect.stringContaining('certificateArn is missing'),
    ]);
    expect(
      problemsOf({
        ...MAIL,
        domainName: 'www.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      }),
    ).toEqual([expect.stringContaining('us-east-1')]);
    expect(
      read({
        ...MAIL,
        domainName: 'WWW.Example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      }),
    ).toMatchObject({
      domainName: 'www.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    });
  });

  it('takes the address mails link to (siteUrl) only as an https origin, and only as the custom domain when there is one', () => {
    expect(read({ ...MAIL, siteUrl: 'https://centre.example.org' }).siteUrl).toBe('https://centre.example.org');
    for (const siteUrl of [
      'http://centre.example.org',
      'https://centre.example.org/',
      'https://centre.example.org/ko',
      'centre.example.org',
    ]) {
      expect(problemsOf({ ...MAIL, siteUrl }), siteUrl).toEqual([
        expect.stringMatching(/^siteUrl must be https:\/\/ and a host/),
      ]);
    }
    const domain = {
      domainName: 'www.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    };
    expect(problemsOf({ ...MAIL, ...domain, siteUrl: 'https://other.example.com' })).toEqual([
      'siteUrl must be https://www.example.com when domainName is given, got "https://other.example.com"',
    ]);
    expect(read({ ...MAIL, ...domain }).siteUrl).toBeUndefined();
  });

  it("takes the domain visitors answer to (inboundDomain), by default reply. and the mail domain, else the sender's", () => {
    expect(read({ ...MAIL, mailDomain: 'example.com', mailFrom: 'noreply@example.com' }).inboundDomain).toBe(
      'reply.example.com',
    );
    expect(read({ ...MAIL, mailFrom: 'NoReply@Centre.Example.org' }).inboundDomain).toBe('reply.centre.example.org');
    expect(read({ ...MAIL, inboundDomain: 'Answers.Example.com' }).inboundDomain).toBe('answers.example.com');
    expect(problemsOf({ ...MAIL, inboundDomain: 'not a domain' })).toEqual([
      expect.stringMatching(/^inboundDomain must be a domain name/),
    ]);
  });

  it('wants the sender inside the verified mail domain', () => {
    expect(problemsOf({ ...MAIL, mailDomain: 'example.org' })).toEqual([
      expect.stringContaining('mailFrom must be an address in mailDomain'),
    ]);
    expect(read({ ...MAIL, mailDomain: 'example.com' }).mailDomain).toBe('example.com');
  });

  it("puts the stack in -c region, else the credentials' region, and the edge stack beside it by name", () => {
    expect(read({ ...MAIL, region: 'EU-West-1' }).region).toBe('eu-west-1');
    expect(problemsOf({ ...MAIL, region: 'Seoul' })).toEqual([
      expect.stringContaining('region must be an AWS region name'),
    ]);
    expect(stageRegion(read({ ...MAIL, region: 'eu-west-1' }), 'us-west-2')).toBe('eu-west-1');
    expect(stageRegion(read(MAIL), 'us-west-2')).toBe('us-west-2');
    expect(stageRegion(read(MAIL), undefined)).toBe(DEFAULT_REGION);
    expect(edgeStackNameOf('prod')).toBe('MedicalTourism-prod-edge');
  });

  it("takes only a CloudFront (global, us-east-1) web ACL to use instead of the stage's own", () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/0a1b2c3d';
    expect(read({ ...MAIL, webAclArn: arn }).webAclArn).toBe(arn);
    expect(
      problemsOf({ ...MAIL, webAclArn: 'arn:aws:wafv2:ap-northeast-2:123456789012:regional/webacl/shared/0a1b2c3d' }),
    ).toEqual([expect.stringContaining('scope CLOUDFRONT')]);
  });
});
