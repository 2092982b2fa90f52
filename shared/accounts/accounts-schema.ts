/** Request bodies of the account, invitation and two-factor routes (the constants are in accounts.ts). */
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './accounts';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, normaliseStaffEmail } from '../auth';
import { EMAIL_PATTERN } from '../intake/form-fields';
import { oneLine } from '../intake/field-schemas';
import * as z from '../zod';

const email = z.pipe(
  z.string({ error: 'Required' }).check(z.trim(), z.maxLength(254, 'At most 254 characters')),
  z.string().check(
    z.overwrite(normaliseStaffEmail),
    z.refine((value) => EMAIL_PATTERN.test(value), 'An e-mail address'),
  ),
);
const role = z.enum(STAFF_ROLES, { error: 'One of admin, staff, editor' });

export const inviteSchema = z.object({ email, role });
export type InviteRequest = z.output<typeof inviteSchema>;

export const accountChangeSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ email, action: z.literal('role'), role }),
    z.object({ email, action: z.literal('disable') }),
    z.object({ email, action: z.literal('enable') }),
    z.object({ email, action: z.literal('resetTwoFactor') }),
  ],
  { error: 'One of role, disable, enable, resetTwoFactor' },
);
export type AccountChangeRequest = z.output<typeof accountChangeSchema>;

export const policySchema = z.object({ requireTwoFactor: z.boolean({ error: 'true or false' }) });

/** A new password: long enough, and not so long that hashing it is a way to tie up the function. */
export const newPassword = z
  .string({ error: 'Required' })
  // One line: a password is typed into one line at sign-in, so one with a line break could never be typed again.
  .check(
    z.minLength(STAFF_PASSWORD_MIN_LENGTH, `At least ${STAFF_PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(1_024, 'At most 1024 characters'),
    oneLine(),
  );

/** A one-time link's token (an invitation, an enrolment): the account's address (base64url) and 32 random bytes (base64url). */
export const ACCOUNT_LINK_TOKEN_PATTERN = /^[\w-]{4,400}\.[\w-]{43}$/;

const linkToken = (mail: string) =>
  z
    .string({ error: 'Required' })
    .check(z.trim(), z.regex(ACCOUNT_LINK_TOKEN_PATTERN, `The link from the ${mail} mail`));

export const welcomeSchema = z.object({ token: linkToken('invitation'), password: newPassword });

/** A password as the staff member types it to prove who they are (sign-in, an enrolment link, a password change). */
export const currentPassword = z
  .string({ error: 'Required' })
  .check(z.minLength(1, 'Required'), z.maxLength(1_024, 'At most 1024 characters'));

/** The enrolment link's page: the token and the account's current password (any length it was set with). */
export const enrolLinkSchema = z.object({
  token: linkToken('two-factor set-up'),
  password: currentPassword,
});

/** A staff member's own password change: the password they sign in with now, and the new one (the welcome page's rules). */
export const passwordChangeSchema = z
  .object({
    current: currentPassword,
    password: newPassword,
  })
  .check(
    z.refine(({ current, password }) => current !== password, {
      path: ['password'],
      message: 'Another password than the current one',
    }),
  );

/** The start of two-factor enrolment from an ordinary session: the account's current password. */
export const enrolStartSchema = z.object({ password: currentPassword });

const withoutSpaces = z.overwrite((value: string) => value.replace(/\s+/g, ''));

/** A code from the authenticator app (six digits) or a recovery code, spaces allowed. */
export const codeField = z.string({ error: 'Required' }).check(
  withoutSpaces,
  z.refine(
    (value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value),
    'Six digits from the app, or a recovery code',
  ),
);

export const enrolConfirmSchema = z.object({
  code: z.string({ error: 'Required' }).check(
    withoutSpaces,
    z.refine((value) => TOTP_CODE_PATTERN.test(value), 'Six digits from the app'),
  ),
});
