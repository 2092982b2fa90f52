import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  SETTINGS,
  type SettingName,
  readSettings,
  settingNamesFor,
  settingNamesForRoute,
} from '../../functions/platform/config';
import { DECLARED_FUNCTIONS, FEATURES, HANDLER_FACTORIES } from '../../functions/features';
import { API_ROUTES, STAFF_AUTH_USES, resourcesOf, type ApiRoute, ROUTE_NAMES } from '../../shared/routes';
import { matchRoutePath } from '../../shared/platform/route-paths';
import { MAIL_RECEIVERS, SCHEDULED_JOBS, STREAM_CONSUMERS, WORKERS, combinedAccess } from '../../shared/resources';
import { TABLES } from '../../shared/tables';

const route = (name: ApiRoute['name']): ApiRoute => {
  const found = API_ROUTES.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No route ${name}`);
  return found;
};

describe('matchRoutePath', () => {
  it('matches a fixed path with no parameters', () => {
    expect(matchRoutePath('/api/sendmail', '/api/sendmail')).toEqual({});
  });

  it('returns path parameters', () => {
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/7')).toEqual({ index: '7' });
    expect(matchRoutePath('/a/{x}/b/{y}', '/a/1/b/two')).toEqual({ x: '1', y: 'two' });
  });

  it('decodes a parameter', () => {
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/%ED%95%9C%EA%B8%80')).toEqual({ index: '한글' });
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/a%20b')).toEqual({ index: 'a b' });
  });

  it('refuses a different path, an extra or a missing segment, and an empty parameter', () => {
    expect(matchRoutePath('/api/sendmail', '/api/login')).toBeUndefined();
    expect(matchRoutePath('/api/sendmail', '/api/sendmail/')).toBeUndefined();
    expect(matchRoutePath('/api/sendmail', '/api/sendmail/x')).toBeUndefined();
    expect(matchRoutePath('/api/detail/{index}', '/api/detail')).toBeUndefined();
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/')).toBeUndefined();
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/7/extra')).toBeUndefined();
    expect(matchRoutePath('/api/detail/{index}', '/detail/7')).toBeUndefined();
  });

  it('is case-sensitive, as API Gateway is', () => {
    expect(matchRoutePath('/api/amendBest', '/api/amendbest')).toBeUndefined();
  });
});

describe('API_ROUTES', () => {
  it('has one route per route name and one handler per route', () => {
    expect(API_ROUTES.map((entry) => entry.name).sort()).toEqual([...ROUTE_NAMES].sort());
    expect(Object.keys(HANDLER_FACTORIES).sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it('has every route, scheduled job, worker, stream consumer and mail receiver declared by exactly one feature, and nothing else declared', () => {
    const declared = DECLARED_FUNCTIONS.map(({ declaration }) => `${declaration.kind} ${declaration.name}`).sort();
    const background = [
      ...SCHEDULED_JOBS.map((job) => job.name),
      ...Object.keys(WORKERS),
      ...STREAM_CONSUMERS.map((consumer) => consumer.name),
      ...MAIL_RECEIVERS.map((receiver) => receiver.name),
    ];
    const expected = [
      ...ROUTE_NAMES.map((name) => `route ${name}`),
      ...background.map((name) => `background ${name}`),
    ].sort();
    expect(declared).toEqual(expected);
  });

  it('declares each function in its feature folder, sized within Lambda and, for a route, within API Gateway', () => {
    for (const { feature, declaration } of DECLARED_FUNCTIONS) {
      expect(Object.keys(FEATURES)).toContain(feature);
      expect(declaration.sizing.memoryMiB).toBeGreaterThanOrEqual(128);
      expect(declaration.sizing.timeoutSeconds).toBeLessThanOrEqual(declaration.kind === 'route' ? 29 : 15 * 60);
    }
  });

  it('puts every route under /api', () => {
    for (const entry of API_ROUTES) expect(entry.path).toMatch(/^\/api\/[^/]/);
  });

  it('has a unique method and path for every route', () => {
    const keys = API_ROUTES.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the paths and methods of the contract (docs/contract.md, "The calls")', () => {
    const table = Object.fromEntries(
      API_ROUTES.map((entry) => [entry.name, `${entry.method} ${entry.path} ${entry.access}`]),
    );
    expect(table).toMatchObject({
      amendBest: 'GET /api/amendBest public',
      sendmail: 'POST /api/sendmail public',
      login: 'POST /api/login public',
      view: 'POST /api/view staff',
      detail: 'GET /api/detail/{index} staff',
      logout: 'GET /api/logout staff',
      fileupload: 'POST /api/fileupload staff',
      modalinput: 'POST /api/modalinput staff',
      popupinput: 'POST /api/popupinput staff',
    });
  });

  it('routes each request path to exactly one route', () => {
    for (const entry of API_ROUTES) {
      const samplePath = entry.path.replace('{index}', '7');
      const matching = API_ROUTES.filter(
        (candidate) => candidate.method === entry.method && matchRoutePath(candidate.path, samplePath),
      );
      expect(matching.map((candidate) => candidate.name)).toEqual([entry.name]);
    }
  });
});

describe('resourcesOf', () => {
  it('leaves public routes as they are', () => {
    expect(resourcesOf(route('sendmail'))).toEqual(route('sendmail').uses);
    expect(resourcesOf(route('amendBest'))).toEqual({ tables: { packages: 'read' } });
  });

  it('adds the staff-auth tables and the token secret to every staff route', () => {
    for (const entry of API_ROUTES.filter((candidate) => candidate.access === 'staff')) {
      const uses = resourcesOf(entry);
      expect(uses.usesTokenSecret).toBe(true);
      for (const table of Object.keys(STAFF_AUTH_USES.tables)) expect(uses.tables).toHaveProperty(table);
    }
  });

  it('keeps the route own tables and buckets', () => {
    expect(resourcesOf(route('view'))).toEqual({
      tables: {
        enquiries: 'read',
        counters: 'read',
        enquiryTags: 'read',
        translations: 'read',
        revokedTokens: 'read',
        staff: 'readProfile',
        accessLog: 'log',
        policies: 'read',
      },
      usesTokenSecret: true,
    });
    expect(resourcesOf(route('modalinput'))).toEqual({
      tables: {
        packages: 'readWrite',
        revokedTokens: 'read',
        staff: 'readProfile',
        accessLog: 'log',
        policies: 'read',
      },
      buckets: { images: 'readWrite' },
      usesTokenSecret: true,
    });
  });

  it('gives the TOTP key to the enrolment start to seal and to sign-in and the confirmation to open, and to no other route', () => {
    const users = API_ROUTES.filter((entry) => resourcesOf(entry).totpSecrets !== undefined).map((entry) => [
      entry.name,
      resourcesOf(entry).totpSecrets,
    ]);
    expect(Object.fromEntries(users)).toEqual({ login: 'open', startTwoFactor: 'seal', confirmTwoFactor: 'open' });
  });

  it('merges read and write into readWrite (logout writes and checks revoked tokens)', () => {
    expect(resourcesOf(route('logout')).tables).toEqual({
      revokedTokens: 'readWrite',
      staff: 'readProfile',
      accessLog: 'log',
      policies: 'read',
    });
  });

  it('lets a route that reads whole accounts read profiles too, and never widens readProfile into a write', () => {
    expect(resourcesOf(route('login')).tables?.staff).toBe('readUpdate');
    expect(resourcesOf(route('twoFactor')).tables?.staff).toBe('read');
    expect(resourcesOf(route('owners')).tables?.staff).toBe('readProfile');
    expect(combinedAccess('readProfile', 'readWrite')).toBe('readWrite');
    expect(() => combinedAccess('readProfile', 'write')).toThrow(/readProfile and write/);
  });

  it('does not change the route table it reads', () => {
    resourcesOf(route('logout'));
    expect(route('logout').uses).toEqual({ tables: { revokedTokens: 'write' } });
  });
});

describe('settingNamesForRoute', () => {
  const names = (name: ApiRoute['name']) => [...new Set(settingNamesForRoute(route(name)))].sort();

  it('lists the tables and mail addresses of sendmail', () => {
    // The acknowledgement's reply address: a MAC under the reply-address secret (never the token secret: this route is public), on the inbound domain; the id SES gave it, in the inbound mail table; the enquiry's translation queued.
    expect(names('sendmail')).toEqual(
      [
        'INBOUND_DOMAIN',
        'MAIL_CONFIGURATION_SET',
        'MAIL_FROM',
        'MAIL_TO',
        'REPLY_ADDRESS_SECRET',
        'SITE_URL',
        'TABLE_AGGREGATES',
        'TABLE_COUNTERS',
        'TABLE_ENQUIRIES',
        'TABLE_INBOUND_MAIL',
        'TABLE_OUTBOX',
        'TABLE_SUBMISSIONS',
        'TABLE_THROTTLE',
        'TABLE_TRANSLATIONS',
      ].sort(),
    );
    expect(names('sendmail')).not.toContain('TOKEN_SECRET');
  });

  it('lists what login needs', () => {
    expect(names('login')).toEqual(
      [
        'INBOUND_DOMAIN',
        'MAIL_CONFIGURATION_SET',
        'MAIL_FROM',
        'MAIL_TO',
        'REPLY_ADDRESS_SECRET',
        'SITE_URL',
        'TABLE_ACCESS_LOG',
        'TABLE_OUTBOX',
        'TABLE_POLICIES',
        'TABLE_STAFF',
        'TABLE_THROTTLE',
        'TOKEN_SECRET',
        'TOTP_KEY_ID',
      ].sort(),
    );
  });

  it('lists only the packages table for amendBest', () => {
    expect(names('amendBest')).toEqual(['TABLE_PACKAGES']);
  });

  it('adds the staff-auth tables and the token secret to staff routes', () => {
    const auth = ['TABLE_ACCESS_LOG', 'TABLE_POLICIES', 'TABLE_REVOKED_TOKENS', 'TABLE_STAFF', 'TOKEN_SECRET'];
    expect(names('view')).toEqual(
      [...auth, 'TABLE_COUNTERS', 'TABLE_ENQUIRIES', 'TABLE_ENQUIRY_TAGS', 'TABLE_TRANSLATIONS'].sort(),
    );
    expect(names('logout')).toEqual(auth.sort());
    expect(names('fileupload')).toEqual([...auth, 'IMAGES_BUCKET'].sort());
    // The export route answers a small export itself and starts the worker for a larger one; only the status route signs links.
    expect(names('exportCsv')).toEqual(
      [
        ...auth,
        'EXPORT_WORKER_FUNCTION',
        'TABLE_COUNTERS',
        'TABLE_ENQUIRIES',
        'TABLE_ENQUIRY_TAGS',
        'TABLE_EXPORT_JOBS',
      ].sort(),
    );
    expect(names('exportStatus')).toEqual([...auth, 'EXPORTS_BUCKET', 'TABLE_EXPORT_JOBS'].sort());
    expect(names('popupinput')).toEqual([...auth, 'IMAGES_BUCKET', 'TABLE_PACKAGES'].sort());
  });

  it('gives the export worker its tables and bucket, and no staff-auth setting', () => {
    expect([...new Set(settingNamesFor(WORKERS.exportWorker.uses))].sort()).toEqual([
      'EXPORTS_BUCKET',
      'TABLE_COUNTERS',
      'TABLE_ENQUIRIES',
      'TABLE_ENQUIRY_TAGS',
      'TABLE_EXPORT_JOBS',
    ]);
  });

  it('never asks a function for the mail settings unless it mails', () => {
    for (const entry of API_ROUTES.filter((candidate) => !candidate.uses.sendsMail)) {
      expect(settingNamesForRoute(entry)).not.toContain('MAIL_TO');
    }
  });

  it('lists only settings that exist', () => {
    for (const entry of API_ROUTES)
      for (const name of settingNamesForRoute(entry)) expect(SETTINGS).toHaveProperty(name);
  });

  it('lists what the mail retry job needs', () => {
    const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'retryMail');
    expect(job).toBeDefined();
    expect([...new Set(settingNamesFor(job?.uses ?? {}))].sort()).toEqual([
      'INBOUND_DOMAIN',
      'MAIL_CONFIGURATION_SET',
      'MAIL_FROM',
      'MAIL_TO',
      'REPLY_ADDRESS_SECRET',
      'SITE_URL',
      'TABLE_ENQUIRIES',
      'TABLE_ENQUIRY_EVENTS',
      'TABLE_INBOUND_MAIL',
      'TABLE_OUTBOX',
      'TABLE_THROTTLE',
      'TABLE_TRANSLATIONS',
      'TOKEN_SECRET',
    ]);
  });

  it("gives the mail receiver its tables, the inbound bucket, the inbound domain and the reply-address secret, what the owner's notice needs, and never the token secret", () => {
    const [receiver] = MAIL_RECEIVERS;
    expect([...new Set(settingNamesFor(receiver.uses))].sort()).toEqual(
      [
        'INBOUND_BUCKET',
        'INBOUND_DOMAIN',
        'REPLY_ADDRESS_SECRET',
        'TABLE_ENQUIRIES',
        'TABLE_ENQUIRY_EVENTS',
        'TABLE_INBOUND_MAIL',
        'TABLE_THROTTLE',
        'TABLE_TRANSLATIONS',
        // The enquiry reacts to the message (functions/work/visitor-wrote.ts): counts, reply times, the owner's notice.
        'TABLE_AGGREGATES',
        'TABLE_COUNTERS',
        'TABLE_OUTBOX',
        'MAIL_CONFIGURATION_SET',
        'MAIL_FROM',
        'MAIL_TO',
        'SITE_URL',
      ].sort(),
    );
  });

  it('keeps the token secret from every public route', () => {
    for (const entry of API_ROUTES.filter(
      (candidate) => candidate.access === 'public' && !['login', 'welcome', 'enrolLink'].includes(candidate.name),
    )) {
      expect(settingNamesForRoute(entry), entry.name).not.toContain('TOKEN_SECRET');
    }
  });

  it('names the table variables of shared/tables.ts', () => {
    expect(names('sendmail')).toContain(TABLES.enquiries.envVar);
  });
});

describe('readSettings', () => {
  const sendmailNames = settingNamesForRoute(route('sendmail'));
  const sendmailEnv = {
    TABLE_ENQUIRIES: 'enq',
    TABLE_OUTBOX: 'out',
    TABLE_COUNTERS: 'cnt',
    TABLE_SUBMISSIONS: 'sub',
    TABLE_THROTTLE: 'thr',
    TABLE_AGGREGATES: 'agg',
    MAIL_FROM: 'from@example.com',
    MAIL_TO: 'to@example.com',
    MAIL_CONFIGURATION_SET: 'mail-over-tls',
    SITE_URL: 'https://www.example.com',
    TABLE_INBOUND_MAIL: 'inb',
    TABLE_TRANSLATIONS: 'tra',
    INBOUND_DOMAIN: 'reply.example.com',
    REPLY_ADDRESS_SECRET: 'r'.repeat(40),
  };

  function configError(run: () => unknown): ConfigError {
    try {
      run();
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('Expected a ConfigError');
  }

  it('reads the named settings and applies the defaults of every tunable', () => {
    expect(readSettings(sendmailEnv, sendmailNames)).toEqual({
      ...sendmailEnv,
      TOKEN_ISSUER: 'medical-tourism-centre',
      TOKEN_AUDIENCE: 'medical-tourism-staff',
      SEND_LIMIT_PER_MINUTE: 5,
      SEND_LIMIT_PER_DAY: 50,
      LOGIN_FAILURES_PER_ACCOUNT: 5,
      LOGIN_FAILURES_PER_ADDRESS: 20,
      MAIL_TIMEOUT_MS: 3_000,
      MAIL_DAILY_CAP: 500,
      TRANSLATE_DAILY_CHARS: 200_000,
      TRANSLATE_TERMINOLOGY: 'medical-tourism-labels',
      NOTICE_TRANSLATION_WAIT_SECONDS: 180,
      NOTICE_GATHER_SECONDS: 60,
      REPLY_INCLUDE_ORIGINAL: false,
      REPLY_PROMISE_WORKING_DAYS: 1,
      ACKNOWLEDGE_VISITORS: true,
      EXPORT_INLINE_MAX_BYTES: 1_000_000,
      ORIGIN_VERIFY_SECRET: '',
      REQUIRE_TWO_FACTOR: false,
      INBOUND_MAX_BYTES: 10 * 1024 * 1024,
      INBOUND_PER_SENDER_PER_HOUR: 20,
      INBOUND_PER_ENQUIRY_PER_DAY: 50,
    });
  });

  it('leaves out settings that were not named, even when set', () => {
    const settings = readSettings(
      { ...sendmailEnv, TOTP_KEY_ID: 'arn:aws:kms:ap-northeast-2:111122223333:key/k', TABLE_STAFF: 'staff' },
      sendmailNames,
    );
    expect(settings).not.toHaveProperty('TOTP_KEY_ID');
    expect(settings).not.toHaveProperty('TABLE_STAFF');
  });

  it('reads tunables from the environment, trimmed', () => {
    const settings = readSettings(
      { ...sendmailEnv, SEND_LIMIT_PER_MINUTE: '12', TOKEN_ISSUER: '  issuer  ', MAIL_TIMEOUT_MS: '' },
      sendmailNames,
    );
    expect(settings.SEND_LIMIT_PER_MINUTE).toBe(12);
    expect(settings.TOKEN_ISSUER).toBe('issuer');
    expect(settings.MAIL_TIMEOUT_MS).toBe(3_000);
  });

  it('throws one ConfigError listing every missing variable', () => {
    const error = configError(() => readSettings({}, sendmailNames));
    expect(error.name).toBe('ConfigError');
    expect(error.problems).toHaveLength(14);
    for (const name of Object.keys(sendmailEnv)) {
      expect(error.problems.some((problem) => problem.startsWith(`${name} is missing`))).toBe(true);
      expect(error.message).toContain(name);
    }
  });

  it('treats a blank value as missing', () => {
    const error = configError(() => readSettings({ ...sendmailEnv, TABLE_ENQUIRIES: '   ' }, sendmailNames));
    expect(error.problems).toEqual([expect.stringMatching(/^TABLE_ENQUIRIES is missing/)]);
  });

  it('refuses a TOKEN_SECRET shorter than 32 characters', () => {
    const error = configError(() => readSettings({ TOKEN_SECRET: 'x'.repeat(31) }, ['TOKEN_SECRET']));
    expect(error.problems).toEqual([expect.stringMatching(/^TOKEN_SECRET must be at least 32 characters/)]);
    expect(readSettings({ TOKEN_SECRET: 'x'.repeat(32) }, ['TOKEN_SECRET']).TOKEN_SECRET).toBe('x'.repeat(32));
  });

  it.each(['abc', '0', '-3', '1.5', '5 per minute'])('refuses SEND_LIMIT_PER_MINUTE=%j', (value) => {
    const error = configError(() => readSettings({ ...sendmailEnv, SEND_LIMIT_PER_MINUTE: value }, sendmailNames));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^SEND_LIMIT_PER_MINUTE must be a whole number above 0/);
  });

  it('refuses mail addresses that are not e-mail addresses', () => {
    const error = configError(() =>
      readSettings({ ...sendmailEnv, MAIL_FROM: 'nobody', MAIL_TO: 'a b@c' }, sendmailNames),
    );
    expect(error.problems.map((problem) => problem.split(' ')[0])).toEqual(['MAIL_FROM', 'MAIL_TO']);
  });

  it.each([
    // SITE_URL: the site's origin alone, lower case, over https (plain http only on 127.0.0.1).
    ['SITE_URL', 'https://www.example.com', true],
    ['SITE_URL', 'https://medical-tourism.example:8443', true],
    ['SITE_URL', 'http://127.0.0.1:4321', true],
    ['SITE_URL', 'http://www.example.com', false],
    ['SITE_URL', 'https://www.example.com/', false],
    ['SITE_URL', 'https://www.example.com/centre', false],
    ['SITE_URL', 'https://WWW.example.com', false],
    ['SITE_URL', 'www.example.com', false],
    ['SITE_URL', ' https://www.example.com', false],
    // INBOUND_DOMAIN: a domain name in lower case.
    ['INBOUND_DOMAIN', 'reply.example.com', true],
    ['INBOUND_DOMAIN', 'reply.medical-tourism.local', true],
    ['INBOUND_DOMAIN', 'Reply.Example.com', false],
    ['INBOUND_DOMAIN', 'example', false],
    ['INBOUND_DOMAIN', 'reply.example.com.', false],
    ['INBOUND_DOMAIN', 'reply@example.com', false],
  ] as const)('takes %s=%j only in its form: %s', (name, value, accepted) => {
    const read = () => readSettings({ ...sendmailEnv, [name]: value }, sendmailNames);
    if (accepted) expect(read()[name]).toBe(value);
    else expect(configError(read).problems).toEqual([expect.stringMatching(new RegExp(`^${name} must `))]);
  });

  it.each(['SITE_URL', 'MAIL_CONFIGURATION_SET', 'INBOUND_DOMAIN'] as const)(
    'asks every function that sends mail for %s, with no default',
    (name) => {
      const env: Record<string, string> = { ...sendmailEnv };
      delete env[name];
      expect(configError(() => readSettings(env, sendmailNames)).problems).toEqual([
        expect.stringMatching(new RegExp(`^${name} is missing`)),
      ]);
      for (const route of API_ROUTES)
        expect(settingNamesForRoute(route).includes(name), route.name).toBe(resourcesOf(route).sendsMail === true);
    },
  );

  it('lists missing and malformed settings together', () => {
    const env: Record<string, string> = { ...sendmailEnv, SEND_LIMIT_PER_DAY: 'lots' };
    delete env['MAIL_TO'];
    delete env['TOKEN_SECRET'];
    const error = configError(() => readSettings(env, [...sendmailNames, 'TOKEN_SECRET' satisfies SettingName]));
    expect(error.problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'MAIL_TO',
      'SEND_LIMIT_PER_DAY',
      'TOKEN_SECRET',
    ]);
  });
});

describe('matchRoutePath with malformed escapes', () => {
  it('does not match (rather than throwing) on a bad percent escape', () => {
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/%')).toBeUndefined();
    expect(matchRoutePath('/api/detail/{index}', '/api/detail/%E0%A4%A')).toBeUndefined();
  });
});
