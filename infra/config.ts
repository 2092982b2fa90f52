/**
 * The deployment's settings, read once from CDK context (`-c name=value` on
 * the command line, or the `context` block of cdk.json). Like the functions'
 * config module, it fails with the full list of what is missing or wrong.
 */
import type { Node } from 'constructs';

export interface StageConfig {
  /** Short stage name: part of the stack name, so two stages live side by side in one account. */
  stage: string;
  /** Production stages keep their data: deletion protection, RETAIN, longer log retention. */
  production: boolean;
  /** Sender of the staff notification mail; an SES identity is created for it (or for `mailDomain`). */
  mailFrom: string;
  /** Staff address that receives each enquiry. */
  mailTo: string;
  /** Verify this whole domain in SES (DKIM records in the outputs) instead of the single sender address. */
  mailDomain?: string;
  /** Custom domain of the site, e.g. `www.example.com`; needs `certificateArn`. */
  domainName?: string;
  /**
   * The site's public address, the start of every link in a mail (SITE_URL):
   * given, or `https://<domainName>`; without either, the distribution's own
   * `https://<id>.cloudfront.net` (see infra/stack.ts).
   */
  siteUrl?: string;
  /**
   * The domain visitors answer to (INBOUND_DOMAIN): every mail to a visitor
   * has its enquiry's reply address there. Given, or `reply.<the sender's
   * domain>`. The stack's receiving (infra/constructs/receiving.ts) takes its
   * mail with SES receiving; its MX record is a deploy step (docs/deployment.md).
   */
  inboundDomain: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  certificateArn?: string;
  /** ARN of an existing WAFv2 web ACL (scope CLOUDFRONT) to put in front of the distribution instead of the stage's own. */
  webAclArn?: string;
  /** AWS region of the main stack; without it, the deploying credentials' region (see `stageRegion`). */
  region?: string;
  /** Whether staff must sign in with two-factor until an admin sets the policy (REQUIRE_TWO_FACTOR): production stages do. */
  requireTwoFactor: boolean;
}

/** Context keys, with what each means, for error messages and the deployment notes. */
export const CONTEXT_KEYS = {
  stage: 'stage name, lower-case letters, digits and hyphens (default "dev")',
  production: '"true" or "false" (default: true only for stage "prod")',
  mailFrom: 'sender address of the staff notification mail',
  mailTo: 'staff address that receives each enquiry',
  mailDomain: 'optional: verify this domain in SES instead of the sender address alone',
  domainName: 'optional: custom domain of the site (with certificateArn)',
  siteUrl:
    'optional: the public address links in mails start with, https://... without a trailing slash (default: https://<domainName>, else the CloudFront address)',
  inboundDomain:
    "optional: the domain visitors' answers go to, reply+<number>-<MAC>@<inboundDomain> (default: reply.<mailDomain, else the domain of mailFrom>)",
  certificateArn: 'optional: ACM certificate ARN in us-east-1 for domainName',
  webAclArn: "optional: existing WAFv2 web ACL ARN (scope CLOUDFRONT) to use instead of the stage's own",
  region: "optional: AWS region of the stack (default: your credentials' region)",
  requireTwoFactor:
    '"true" or "false": staff must use two-factor sign-in until an admin changes the policy (default: true in production stages)',
} as const;

export class ContextError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The CDK context is incomplete:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Pass values with -c name=value (for example: npm run deploy -- -c stage=prod -c mailFrom=... -c mailTo=...).',
    );
    this.name = 'ContextError';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Reads and checks the stage configuration from a construct's context (normally the App's). */
export function readStageConfig(node: Node): StageConfig {
  const problems: string[] = [];
  const text = (key: keyof typeof CONTEXT_KEYS): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null) return undefined;
    const trimmed = String(value).trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const required = (key: keyof typeof CONTEXT_KEYS): string => {
    const value = text(key);
    if (value === undefined) problems.push(`${key} is missing (${CONTEXT_KEYS[key]})`);
    return value ?? '';
  };
  const check = (key: keyof typeof CONTEXT_KEYS, value: string | undefined, ok: boolean, rule: string) => {
    if (value !== undefined && value !== '' && !ok) problems.push(`${key} ${rule}, got "${value}"`);
  };

  const stage = text('stage') ?? 'dev';
  check(
    'stage',
    stage,
    /^[a-z][a-z0-9-]{0,15}$/.test(stage),
    'must be 1-16 lower-case letters, digits or hyphens, starting with a letter',
  );

  const productionText = text('production');
  check(
    'production',
    productionText,
    productionText === undefined || ['true', 'false'].includes(productionText),
    'must be "true" or "false"',
  );
  const production = productionText === undefined ? stage === 'prod' : productionText === 'true';

  const mailFrom = required('mailFrom');
  check('mailFrom', mailFrom, EMAIL.test(mailFrom), 'must be an e-mail address');
  const mailTo = required('mailTo');
  check('mailTo', mailTo, EMAIL.test(mailTo), 'must be an e-mail address');

  const mailDomain = text('mailDomain')?.toLowerCase();
  check('mailDomain', mailDomain, mailDomain !== undefined && DOMAIN.test(mailDomain), 'must be a domain name');
  if (mailDomain && EMAIL.test(mailFrom) && !mailFrom.toLowerCase().endsWith(`@${mailDomain}`)) {
    problems.push(`mailFrom must be an address in mailDomain ${mailDomain}, got "${mailFrom}"`);
  }

  const domainName = text('domainName')?.toLowerCase();
  check('domainName', domainName, domainName !== undefined && DOMAIN.test(domainName), 'must be a domain name');
  const certificateArn = text('certificateArn');
  check(
    'certificateArn',
    certificateArn,
    certificateArn !== undefined && /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn),
    'must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates from there)',
  );
  if (domainName && !certificateArn)
    problems.push('certificateArn is missing: a custom domainName needs a certificate');
  if (certificateArn && !domainName)
    problems.push('domainName is missing: certificateArn is only used with a custom domainName');

  const siteUrl = text('siteUrl');
  check(
    'siteUrl',
    siteUrl,
    siteUrl !== undefined && /^https:\/\/[a-z0-9.-]+(:\d+)?$/.test(siteUrl),
    'must be https:// and a host, lower case, without a path or a trailing slash',
  );
  if (siteUrl && domainName && siteUrl !== `https://${domainName}`)
    problems.push(`siteUrl must be https://${domainName} when domainName is given, got "${siteUrl}"`);

  // Without a sender address there is no default (mailFrom's problem is listed already).
  const ourDomain =
    mailDomain ?? (EMAIL.test(mailFrom) ? mailFrom.slice(mailFrom.lastIndexOf('@') + 1).toLowerCase() : undefined);
  const inboundDomain = text('inboundDomain')?.toLowerCase() ?? (ourDomain ? `reply.${ourDomain}` : '');
  check('inboundDomain', inboundDomain, DOMAIN.test(inboundDomain), 'must be a domain name');

  const webAclArn = text('webAclArn');
  check(
    'webAclArn',
    webAclArn,
    webAclArn !== undefined && /^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn),
    'must be a WAFv2 web ACL ARN of scope CLOUDFRONT',
  );

  const region = text('region')?.toLowerCase();
  check(
    'region',
    region,
    region !== undefined && /^[a-z]{2}(-[a-z]+)+-\d$/.test(region),
    'must be an AWS region name such as ap-northeast-2',
  );

  const requireTwoFactorText = text('requireTwoFactor');
  check(
    'requireTwoFactor',
    requireTwoFactorText,
    requireTwoFactorText === undefined || ['true', 'false'].includes(requireTwoFactorText),
    'must be "true" or "false"',
  );
  const requireTwoFactor = requireTwoFactorText === undefined ? production : requireTwoFactorText === 'true';

  if (problems.length > 0) throw new ContextError(problems);
  return {
    stage,
    production,
    requireTwoFactor,
    mailFrom,
    mailTo,
    inboundDomain,
    ...(mailDomain ? { mailDomain } : {}),
    ...(domainName ? { domainName } : {}),
    ...(siteUrl ? { siteUrl } : {}),
    ...(certificateArn ? { certificateArn } : {}),
    ...(webAclArn ? { webAclArn } : {}),
    ...(region ? { region } : {}),
  };
}

/** Name of a stage's stack: one per stage, so stages never share resources. */
export function stackNameOf(stage: string): string {
  return `MedicalTourism-${stage}`;
}

/** Name of a stage's edge stack (its AWS WAF web ACL, in us-east-1). */
export function edgeStackNameOf(stage: string): string {
  return `${stackNameOf(stage)}-edge`;
}

/**
 * The main stack's region when neither `region` nor the CDK CLI names one (the
 * tests build the app without the CLI): the clinic's own. The CLI always sets
 * CDK_DEFAULT_REGION (the credentials' region, us-east-1 when they name none).
 * The distribution reads its web ACL's ARN across regions, which needs a
 * concrete region, so the stack is never region-agnostic.
 */
export const DEFAULT_REGION = 'ap-northeast-2';

/** The main stack's region: `-c region=...`, else the credentials' (CDK_DEFAULT_REGION), else DEFAULT_REGION. */
export function stageRegion(config: StageConfig, credentialsRegion: string | undefined): string {
  return config.region ?? credentialsRegion ?? DEFAULT_REGION;
}
