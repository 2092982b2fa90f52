/**
 * Every environment variable the functions read, defined once with its rule
 * and (for tunables only) its default. `readSettings` fails at start with the
 * full list of what is missing or wrong, never with a silent `|| ''`.
 */
import { EMAIL_PATTERN } from '../../shared/intake/form-fields';
import { type ApiRoute, resourcesOf } from '../../shared/routes';
import { BUCKETS, type ResourceUse, WORKERS } from '../../shared/resources';
import { TABLES, type TableKey } from '../../shared/tables';

interface Setting<T> {
  parse(raw: string | undefined): T;
  description: string;
}

class SettingError extends Error {}

const required = (description: string, check?: (value: string) => string | undefined): Setting<string> => ({
  description,
  parse(raw) {
    if (raw === undefined || raw.trim() === '') throw new SettingError('is missing');
    const problem = check?.(raw);
    if (problem) throw new SettingError(problem);
    return raw;
  },
});

const positiveInt = (description: string, fallback: number): Setting<number> => ({
  description,
  parse(raw) {
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new SettingError(`must be a whole number above 0, got "${raw}"`);
    return value;
  },
});

const nonNegativeInt = (description: string, fallback: number): Setting<number> => ({
  description,
  parse(raw) {
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new SettingError(`must be a whole number, 0 or more, got "${raw}"`);
    return value;
  },
});

const flag = (description: string, fallback: boolean): Setting<boolean> => ({
  description,
  parse(raw) {
    if (raw === undefined || raw.trim() === '') return fallback;
    if (/^(true|1|yes)$/i.test(raw.trim())) return true;
    if (/^(false|0|no)$/i.test(raw.trim())) return false;
    throw new SettingError(`must be true or false, got "${raw}"`);
  },
});

const text = (description: string, fallback: string): Setting<string> => ({
  description,
  parse: (raw) => (raw === undefined || raw.trim() === '' ? fallback : raw.trim()),
});

const tableSettings = Object.fromEntries(
  Object.entries(TABLES).map(([key, table]) => [table.envVar, required(`name of the ${key} table`)]),
) as Record<(typeof TABLES)[TableKey]['envVar'], Setting<string>>;

const bucketSettings = {
  [BUCKETS.images.envVar]: required('name of the images bucket'),
  [BUCKETS.exports.envVar]: required('name of the private CSV export bucket'),
  [BUCKETS.accessLogCopy.envVar]: required("name of the access log's Object Lock copy bucket"),
  [BUCKETS.inbound.envVar]: required(
    "name of the private bucket of received mail (raw messages, the attachments of visitors' messages)",
  ),
} as Record<(typeof BUCKETS)[keyof typeof BUCKETS]['envVar'], Setting<string>>;

const workerSettings = {
  [WORKERS.exportWorker.envVar]: required(
    'name of the export worker function, started asynchronously for CSV exports too large to answer at once',
  ),
} as Record<(typeof WORKERS)[keyof typeof WORKERS]['envVar'], Setting<string>>;

export const SETTINGS = {
  ...tableSettings,
  ...bucketSettings,
  ...workerSettings,
  MAIL_FROM: required('sender address of the staff notification mail (a verified SES identity)', emailCheck),
  MAIL_TO: required('staff address that receives each enquiry', emailCheck),
  MAIL_CONFIGURATION_SET: required(
    'SES configuration set every mail is sent through: it requires TLS to the receiving mail server (the mails carry health data) and publishes bounces and complaints',
  ),
  TOKEN_SECRET: required(
    'HS256 signing secret for staff tokens, at least 32 characters (never a human password)',
    (value) => (value.length < 32 ? 'must be at least 32 characters' : undefined),
  ),
  REPLY_ADDRESS_SECRET: required(
    "key of the reply addresses' MACs (reply+<number>-<MAC>@INBOUND_DOMAIN), at least 32 characters; apart from TOKEN_SECRET, so the public functions that mail visitors cannot sign staff tokens",
    (value) => (value.length < 32 ? 'must be at least 32 characters' : undefined),
  ),
  TOKEN_ISSUER: text('issuer (iss) of staff tokens', 'medical-tourism-centre'),
  TOKEN_AUDIENCE: text('audience (aud) of staff tokens', 'medical-tourism-staff'),
  SEND_LIMIT_PER_MINUTE: positiveInt('enquiries accepted per client address per minute', 5),
  SEND_LIMIT_PER_DAY: positiveInt('enquiries accepted per client address per day', 50),
  LOGIN_FAILURES_PER_ACCOUNT: positiveInt(
    'failed logins per account from one address per 15 minutes before sign-in waits (ten times that from all addresses)',
    5,
  ),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt('failed logins per client address per 15 minutes before sign-in waits', 20),
  MAIL_TIMEOUT_MS: positiveInt('how long the send route waits for SES before leaving the mail to the retry job', 3_000),
  SITE_URL: required(
    'the public address of the site, without a trailing slash: every link in a mail to a visitor or to staff starts with it',
    siteUrlCheck,
  ),
  INBOUND_DOMAIN: required(
    "the domain visitors answer to: every mail to a visitor has its enquiry's reply address there (reply+<number>-<MAC>@INBOUND_DOMAIN), and mail received for it is filed into the threads",
    domainCheck,
  ),
  INBOUND_MAX_BYTES: positiveInt(
    'largest received mail filed into a thread; a larger one is refused (kept apart, its raw message left in the inbound bucket)',
    10 * 1024 * 1024,
  ),
  INBOUND_PER_SENDER_PER_HOUR: positiveInt(
    'received mails taken from one authenticated sender address per hour (an unauthenticated From is not counted: anyone can write it); past it they are refused (kept apart, never answered)',
    20,
  ),
  INBOUND_PER_ENQUIRY_PER_DAY: positiveInt(
    "visitor's mails filed into one enquiry's thread per Korea-time day, counted apart for authenticated mail from the enquiry's address, other authenticated senders and unauthenticated mail; past it they are refused (kept apart)",
    50,
  ),
  ACKNOWLEDGE_VISITORS: flag(
    'whether each visitor gets an acknowledgement mail in the page language (turn off while SES is in its sandbox, where only verified addresses receive mail)',
    true,
  ),
  REPLY_PROMISE_WORKING_DAYS: positiveInt(
    'working days within which the acknowledgement promises a first answer (Monday to Friday, 9:00-18:00 Korea time)',
    1,
  ),
  TRANSLATE_DAILY_CHARS: positiveInt(
    'characters sent to machine translation per Korea-time day (Amazon Translate bills by the character); past it, translations wait for the next day and staff are told',
    200_000,
  ),
  REPLY_INCLUDE_ORIGINAL: flag(
    "whether a machine-translated reply's mail carries the staff member's Korean original below the translation, under a separator line (the visitor's language alone when false)",
    false,
  ),
  NOTICE_TRANSLATION_WAIT_SECONDS: nonNegativeInt(
    "how long staff's notice of a text in another language (a new enquiry, a visitor's message) waits for its machine translation: the translation job sends it once it has tried, with the Korean text or where the translation stands; past this it goes without. 0 sends it at once",
    180,
  ),
  NOTICE_GATHER_SECONDS: nonNegativeInt(
    "how long the owner's notice of a visitor's message waits before it goes, gathering into one notice the enquiry's messages that come meanwhile (the mail retry job sends it; it runs every minute). 0 sends each notice alone, at once",
    60,
  ),
  TRANSLATE_TERMINOLOGY: text(
    "name of the custom terminology (the product's labels) the translation engine is given; one per stage, since the engine keeps them per account and region",
    'medical-tourism-labels',
  ),
  MAIL_DAILY_CAP: positiveInt(
    'mails sent per Korea-time day; past it, enquiries are still stored and staff get them in one digest per retry run',
    500,
  ),
  EXPORT_INLINE_MAX_BYTES: positiveInt(
    'largest CSV the export route answers itself; a larger one becomes a job for the export worker, which writes it to the export bucket',
    1_000_000,
  ),
  REQUIRE_TWO_FACTOR: flag(
    'whether every staff account must sign in with two-factor until an admin sets the policy on the accounts page (the stage config makes it true in production)',
    false,
  ),
  TOTP_KEY_ID: required(
    'KMS key (ARN) that seals the staff TOTP secrets; only the routes that make or check a code are given it (the local stack seals with a key of its own when it is not set)',
  ),
  ORIGIN_VERIFY_SECRET: text(
    'value of the X-Origin-Verify header CloudFront adds to API requests; only such requests may name the visitor address (CloudFront-Viewer-Address). Empty: the source address is used',
    '',
  ),
};

/** The site's origin (https://host[:port]) and nothing more; plain http only on this machine (the local stack). */
function siteUrlCheck(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be an address such as https://www.example.com, got "${value}"`;
  }
  const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname);
  if (url.protocol !== 'https:' && !local)
    return `must start with https:// (plain http only for 127.0.0.1), got "${value}"`;
  if (url.origin !== value)
    return `must be the site's origin alone, lower case, without a path or a trailing slash (${url.origin}), got "${value}"`;
  return undefined;
}

/** A domain name in lower case, at least two labels (the inbound domain: its MX record points to the receiving side). */
function domainCheck(value: string): string | undefined {
  return /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/.test(value)
    ? undefined
    : `must be a domain name in lower case, such as reply.example.com, got "${value}"`;
}

function emailCheck(value: string): string | undefined {
  return EMAIL_PATTERN.test(value) ? undefined : `must be an e-mail address, got "${value}"`;
}

export type SettingName = keyof typeof SETTINGS;
export type Settings = { [Name in SettingName]: ReturnType<(typeof SETTINGS)[Name]['parse']> };

/** Tunables that always have a default, read by every function. */
const TUNABLES = [
  'TOKEN_ISSUER',
  'TOKEN_AUDIENCE',
  'SEND_LIMIT_PER_MINUTE',
  'SEND_LIMIT_PER_DAY',
  'LOGIN_FAILURES_PER_ACCOUNT',
  'LOGIN_FAILURES_PER_ADDRESS',
  'MAIL_TIMEOUT_MS',
  'MAIL_DAILY_CAP',
  'TRANSLATE_DAILY_CHARS',
  'TRANSLATE_TERMINOLOGY',
  'NOTICE_TRANSLATION_WAIT_SECONDS',
  'NOTICE_GATHER_SECONDS',
  'REPLY_INCLUDE_ORIGINAL',
  'ACKNOWLEDGE_VISITORS',
  'REPLY_PROMISE_WORKING_DAYS',
  'EXPORT_INLINE_MAX_BYTES',
  'ORIGIN_VERIFY_SECRET',
  'REQUIRE_TWO_FACTOR',
  'INBOUND_MAX_BYTES',
  'INBOUND_PER_SENDER_PER_HOUR',
  'INBOUND_PER_ENQUIRY_PER_DAY',
] as const satisfies readonly SettingName[];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is incomplete:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the named settings (plus every tunable) from the environment. Throws
 * one `ConfigError` listing every problem. Settings not named stay absent.
 */
export function readSettings(
  env: Record<string, string | undefined>,
  names: readonly SettingName[],
): Partial<Settings> {
  const problems: string[] = [];
  const settings: Partial<Record<SettingName, unknown>> = {};
  for (const name of new Set<SettingName>([...TUNABLES, ...names])) {
    try {
      settings[name] = SETTINGS[name].parse(env[name]);
    } catch (error) {
      if (!(error instanceof SettingError)) throw error;
      problems.push(`${name} ${error.message} (${SETTINGS[name].description})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return settings as Partial<Settings>;
}

/** The environment variables a function needs for the resources it uses. */
export function settingNamesFor(uses: ResourceUse): SettingName[] {
  const names: SettingName[] = [];
  for (const table of Object.keys(uses.tables ?? {}) as TableKey[]) names.push(TABLES[table].envVar);
  for (const table of uses.scans ?? []) if (!(table in (uses.tables ?? {}))) names.push(TABLES[table].envVar);
  for (const bucket of Object.keys(uses.buckets ?? {}) as (keyof typeof BUCKETS)[]) names.push(BUCKETS[bucket].envVar);
  for (const bucket of uses.objectTagReads ?? []) names.push(BUCKETS[bucket].envVar);
  // A mail carries links to the site: the acknowledgement's privacy notice, the staff mail's enquiry, an invitation.
  // A mail to a visitor carries its enquiry's reply address on the inbound domain.
  if (uses.sendsMail)
    names.push('MAIL_FROM', 'MAIL_TO', 'MAIL_CONFIGURATION_SET', 'SITE_URL', 'INBOUND_DOMAIN', 'REPLY_ADDRESS_SECRET');
  if (uses.receivesMail) names.push('INBOUND_DOMAIN', 'REPLY_ADDRESS_SECRET');
  if (uses.usesTokenSecret) names.push('TOKEN_SECRET');
  if (uses.totpSecrets) names.push('TOTP_KEY_ID');
  // The engine's terminology is the stage's own (a tunable elsewhere, with its default name): the stack tells the functions that translate.
  if (uses.translates) names.push('TRANSLATE_TERMINOLOGY');
  for (const worker of uses.invokes ?? []) names.push(WORKERS[worker].envVar);
  return [...new Set(names)];
}

export function settingNamesForRoute(route: ApiRoute): SettingName[] {
  return settingNamesFor(resourcesOf(route));
}
