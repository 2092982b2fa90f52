/** One valid request per route of this feature, which the API fuzzer spoils one field at a time (tests/support/fuzz/api-fuzz.ts). */
import type { FeatureSamples } from '../platform/fuzz-samples';

export const fuzzSamples: FeatureSamples<
  | 'accounts'
  | 'changeAccount'
  | 'changePassword'
  | 'confirmTwoFactor'
  | 'invite'
  | 'login'
  | 'logout'
  | 'startTwoFactor'
  | 'twoFactor'
  | 'twoFactorPolicy'
  | 'welcome'
  | 'enrolLink'
> = (_context) => ({
  login: { body: { email: 'nobody@fuzz.test', pass: 'not the password at all' } },
  logout: {},
  accounts: {},
  invite: { body: { email: 'new-hire@fuzz.test', role: 'staff' } },
  changeAccount: { body: { email: 'absent@fuzz.test', action: 'role', role: 'editor' } },
  twoFactorPolicy: { body: { requireTwoFactor: false } },
  welcome: { body: { token: `bmV3QGZ1enoudGVzdA.${'A'.repeat(43)}`, password: 'a long new password' } },
  enrolLink: { body: { token: `bmV3QGZ1enoudGVzdA.${'A'.repeat(43)}`, password: 'the password of the account' } },
  twoFactor: {},
  // The fuzzer holds no account's password: a well-formed start is refused for it (naming `password`), and seals nothing.
  startTwoFactor: { body: { password: 'not the password of the account' }, refusedOnceWellFormed: ['password'] },
  confirmTwoFactor: { body: { code: '123456' } },
  // Not the fuzz account's password: every request is refused (or counted) and none changes it.
  // The fuzzer holds no account's password: a well-formed request is refused for its current password (naming `current`), and changes nothing.
  changePassword: {
    body: { current: 'not the current password', password: 'a long new password' },
    refusedOnceWellFormed: ['current'],
  },
});
