/**
 * The routes of staff accounts in the API route table (shared/routes.ts,
 * through the feature's two manifests, account-feature.ts): signing in and
 * out, the accounts page (admins only: no roles), invitations and their
 * welcome page, the enrolment link, two-factor sign-in, and one's own password.
 */
import { defineRoutes } from '../platform/route-contract';

export const SIGN_IN_ROUTES = defineRoutes([
  {
    name: 'login',
    method: 'POST',
    path: '/api/login',
    access: 'public',
    // staff readUpdate: the last sign-in, each two-factor code or recovery code used once, the count of wrong codes, an enrolment link's hash; it can
    // neither make nor replace an account. policies: whether two-factor is required. Mail: the enrolment link, and the owner's notices.
    // The TOTP key to open the account's secret and check a code.
    uses: {
      tables: { staff: 'readUpdate', throttle: 'readWrite', accessLog: 'log', policies: 'read', outbox: 'readWrite' },
      sendsMail: true,
      usesTokenSecret: true,
      totpSecrets: 'open',
    },
  },
  {
    name: 'logout',
    method: 'GET',
    path: '/api/logout',
    access: 'staff',
    roles: ['staff', 'editor'],
    enrolment: true,
    uses: { tables: { revokedTokens: 'write' } },
  },
]);

export const ACCOUNT_ROUTES = defineRoutes([
  {
    name: 'accounts',
    method: 'GET',
    path: '/api/accounts',
    access: 'staff',
    uses: { tables: { staff: 'readProfile', policies: 'read' }, scans: ['staff'] },
  },
  {
    name: 'invite',
    method: 'POST',
    path: '/api/accounts/invite',
    access: 'staff',
    uses: { tables: { staff: 'readWrite', outbox: 'readWrite' }, sendsMail: true },
  },
  // Mail: a two-factor reset is told to the account's owner.
  {
    name: 'changeAccount',
    method: 'POST',
    path: '/api/accounts/change',
    access: 'staff',
    uses: { tables: { staff: 'readUpdate', outbox: 'readWrite' }, scans: ['staff'], sendsMail: true },
  },
  {
    name: 'twoFactorPolicy',
    method: 'POST',
    path: '/api/accounts/policy',
    access: 'staff',
    uses: { tables: { policies: 'readWrite' } },
  },
  {
    name: 'welcome',
    method: 'POST',
    path: '/api/welcome',
    access: 'public',
    // staff readUpdate: the invited account's attributes (password, link) change; it can make no account.
    uses: {
      tables: { staff: 'readUpdate', throttle: 'readWrite', accessLog: 'log', policies: 'read' },
      usesTokenSecret: true,
    },
  },
  {
    name: 'enrolLink',
    method: 'POST',
    path: '/api/enrol',
    access: 'public',
    // staff readUpdate: the link's hash goes; it can make no account.
    uses: {
      tables: { staff: 'readUpdate', throttle: 'readWrite', accessLog: 'log', policies: 'read' },
      usesTokenSecret: true,
    },
  },
  // The caller's whole account: the count of recovery codes left is a credential's.
  {
    name: 'twoFactor',
    method: 'GET',
    path: '/api/two-factor',
    access: 'staff',
    roles: ['staff', 'editor'],
    enrolment: true,
    uses: { tables: { staff: 'read' } },
  },
  // The TOTP key to seal the new secret (never to open one). The account's password, counted against the sign-in limits.
  {
    name: 'startTwoFactor',
    method: 'POST',
    path: '/api/two-factor/start',
    access: 'staff',
    roles: ['staff', 'editor'],
    enrolment: true,
    uses: { tables: { staff: 'readUpdate', throttle: 'readWrite' }, totpSecrets: 'seal' },
  },
  // Mail: the owner is told that two-factor is on. The TOTP key to open the pending secret and check the code.
  {
    name: 'confirmTwoFactor',
    method: 'POST',
    path: '/api/two-factor/confirm',
    access: 'staff',
    roles: ['staff', 'editor'],
    enrolment: true,
    uses: { tables: { staff: 'readUpdate', outbox: 'readWrite' }, sendsMail: true, totpSecrets: 'open' },
  },
  // Every role changes its own password: the account's attributes updated (never a new or whole item), counted against the sign-in limits.
  {
    name: 'changePassword',
    method: 'POST',
    path: '/api/account/password',
    access: 'staff',
    roles: ['staff', 'editor'],
    uses: { tables: { staff: 'readUpdate', throttle: 'readWrite' } },
  },
]);
