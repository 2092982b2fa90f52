/**
 * Staff accounts: their administration (admins only, in the sidebar), and the
 * pages every account reaches from the header or a link: sign-in, the
 * invitation, two-factor enrolment and set-up, the password.
 */
import {
  ACCOUNTS_PATH,
  ENROL_PATH,
  PASSWORD_PATH,
  TWO_FACTOR_PATH,
  WELCOME_PATH,
} from '../../../../shared/accounts/accounts';
import type { StaffPage } from '../core/staff-feature';
import { STAFF_TEXT } from '../core/words';

export const pages = [
  { key: 'accounts', href: ACCOUNTS_PATH, sidebar: { label: STAFF_TEXT.accounts, roles: [] } },
  { key: 'login', href: '/login' },
  { key: 'welcome', href: WELCOME_PATH },
  { key: 'enrol', href: ENROL_PATH },
  { key: 'twoFactor', href: TWO_FACTOR_PATH },
  { key: 'password', href: PASSWORD_PATH },
] as const satisfies readonly StaffPage[];
