/**
 * Staff accounts: sign-in and out, invitations, roles, two-factor: the Lambda
 * function of each route, declared once beside its handler
 * (functions/platform/declarations.ts). The route's method, path, access, roles and
 * resources are the wire contract's, in shared/routes.ts.
 */
import { declareRoute } from '../platform/declarations';
import type { Settings } from '../platform/config';
import type { BaseDeps } from '../platform/deps';

import { type StoreMaker, throttle, withStores } from '../platform/wiring/dynamodb-stores';
import { accessLog } from '../audit/adapters/stores';
import { outbox } from '../mail/adapters/stores';
import { policies, staff, staffAuthStores } from './adapters/stores';
import { mergeLazy } from '../platform/wiring/lazy';
import { kmsDeps } from './adapters/kms';
import { sesDeps } from '../mail/adapters/ses';
import { makeLoginHandler } from './sign-in/login-handler';
import { makeLogoutHandler } from './sign-in/logout-handler';
import {
  makeAccountsHandler,
  makeInviteHandler,
  makeChangeAccountHandler,
  makeTwoFactorPolicyHandler,
} from './staff-admin/accounts-handler';
import { makeWelcomeHandler } from './welcome-handler';
import { makeEnrolLinkHandler } from './two-factor/enrol-link-handler';
import { makeTwoFactorHandler, makeConfirmTwoFactorHandler } from './two-factor/two-factor-handler';
import { makeStartTwoFactorHandler } from './two-factor/two-factor-start-handler';
import { makeChangePasswordHandler } from './passwords/password-handler';

/** The wiring of a route that also mails the account's owner (account-mail.ts): its stores, the outbox and SES. */
function withAccountMail<Stores extends object>(makers: {
  [Key in keyof Stores]: StoreMaker<Stores[Key]>;
}) {
  const stores = withStores({ ...makers, outbox });
  return (settings: Partial<Settings>, base: BaseDeps) => mergeLazy(stores(settings, base), sesDeps(settings, {}));
}

/** A route's wiring and the TOTP key (KMS): for the routes that seal or open a TOTP secret (their `totpSecrets` in shared/routes.ts). */
function withTotpKey<Deps extends object>(wire: (settings: Partial<Settings>, base: BaseDeps) => Deps) {
  return (settings: Partial<Settings>, base: BaseDeps) => mergeLazy(wire(settings, base), kmsDeps(settings, {}));
}

/**
 * The stores of a route that checks the signed-in account's password: staff auth's and the sign-in limits'. A
 * constant, so the routes that name it stay calls of plain names, which the bundler drops from other functions.
 */
const passwordCheckStores = { ...staffAuthStores, throttle };

// scrypt (N=2^17, r=8) needs 128 MiB and is CPU-bound: more memory buys a faster CPU share.
export const loginRoute = /* @__PURE__ */ declareRoute({
  name: 'login',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeLoginHandler,
  wire: /* @__PURE__ */ withTotpKey(/* @__PURE__ */ withAccountMail({ staff, throttle, accessLog, policies })),
});

export const logoutRoute = /* @__PURE__ */ declareRoute({
  name: 'logout',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeLogoutHandler,
  wire: withStores(staffAuthStores),
});

// Staff accounts: a Scan of a tiny table; an invitation waits MAIL_TIMEOUT_MS (3 s) for SES at most.
export const accountsRoute = /* @__PURE__ */ declareRoute({
  name: 'accounts',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeAccountsHandler,
  wire: withStores(staffAuthStores),
});

export const inviteRoute = /* @__PURE__ */ declareRoute({
  name: 'invite',
  sizing: { memoryMiB: 512, timeoutSeconds: 15 },
  makeHandler: makeInviteHandler,
  wire: /* @__PURE__ */ withAccountMail(staffAuthStores),
});

export const changeAccountRoute = /* @__PURE__ */ declareRoute({
  name: 'changeAccount',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeChangeAccountHandler,
  wire: /* @__PURE__ */ withAccountMail(staffAuthStores),
});

export const twoFactorPolicyRoute = /* @__PURE__ */ declareRoute({
  name: 'twoFactorPolicy',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTwoFactorPolicyHandler,
  wire: withStores(staffAuthStores),
});

// Hashes the new password with scrypt, like sign-in.
export const welcomeRoute = /* @__PURE__ */ declareRoute({
  name: 'welcome',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeWelcomeHandler,
  wire: withStores({ staff, throttle, accessLog, policies }),
});

// Checks the password with scrypt, like sign-in.
export const enrolLinkRoute = /* @__PURE__ */ declareRoute({
  name: 'enrolLink',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeEnrolLinkHandler,
  wire: withStores({ staff, throttle, accessLog, policies }),
});

export const twoFactorRoute = /* @__PURE__ */ declareRoute({
  name: 'twoFactor',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeTwoFactorHandler,
  wire: withStores(staffAuthStores),
});

// Checks the account's password with scrypt (as sign-in: the memory buys CPU), and makes the QR code (SVG) of the new secret.
export const startTwoFactorRoute = /* @__PURE__ */ declareRoute({
  name: 'startTwoFactor',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeStartTwoFactorHandler,
  wire: /* @__PURE__ */ withTotpKey(/* @__PURE__ */ withStores(passwordCheckStores)),
});

export const confirmTwoFactorRoute = /* @__PURE__ */ declareRoute({
  name: 'confirmTwoFactor',
  sizing: { memoryMiB: 512, timeoutSeconds: 10 },
  makeHandler: makeConfirmTwoFactorHandler,
  wire: /* @__PURE__ */ withTotpKey(/* @__PURE__ */ withAccountMail(staffAuthStores)),
});

// Checks the current password and hashes the new one with scrypt, like sign-in.
export const changePasswordRoute = /* @__PURE__ */ declareRoute({
  name: 'changePassword',
  sizing: { memoryMiB: 1024, timeoutSeconds: 15 },
  makeHandler: makeChangePasswordHandler,
  wire: withStores(passwordCheckStores),
});
