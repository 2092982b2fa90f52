/**
 * The second channel of two-factor enrolment: an account the policy requires
 * to enrol, signing in with the right password, gets no session but a mailed
 * one-time link; the link's page asks for the password again and then opens
 * the enrolment (enrol-link-handler.ts). Whoever has only the password never
 * sees the link, so cannot put their own authenticator on the account; the
 * owner, reading the mail, learns that someone signed in with their password.
 */
import {
  ENROLMENT_LINK_LIFETIME_SECONDS,
  ENROLMENT_MAIL_INTERVAL_SECONDS,
  enrolmentLink,
} from '../../../shared/accounts/accounts';
import type { AppDeps } from '../../deps';
import type { AccountMailDeps } from '../../mail/outbox/mail-deps';
import type { StaffAccount } from '../staff-account';
import { newAccountLink } from '../account-links';
import { composeEnrolmentMail, mailAccount } from '../account-mail';

export type EnrolmentMailDeps = AccountMailDeps & Pick<AppDeps, 'staff'>;

/**
 * Mails a new enrolment link (which replaces any earlier one), unless one was
 * mailed within ENROLMENT_MAIL_INTERVAL_SECONDS and still works: repeated
 * sign-ins do not fill the owner's inbox.
 */
export async function mailEnrolmentLink(
  deps: EnrolmentMailDeps,
  account: StaffAccount,
  clientAddress: string,
  now: number,
): Promise<'mailed' | 'mailed recently'> {
  const mailedRecently =
    (account.enrolmentMailedAt ?? 0) > now - ENROLMENT_MAIL_INTERVAL_SECONDS * 1000 &&
    (account.enrolmentExpiresAt ?? 0) > now;
  if (mailedRecently) return 'mailed recently';
  const { token, hash } = newAccountLink(account.email);
  const expiresAt = now + ENROLMENT_LINK_LIFETIME_SECONDS * 1000;
  await deps.staff.setEnrolmentLink(account.email, {
    enrolmentHash: hash,
    enrolmentExpiresAt: expiresAt,
    enrolmentMailedAt: now,
  });
  await mailAccount(
    deps,
    'enrol',
    composeEnrolmentMail(account.email, enrolmentLink(deps.settings.SITE_URL, token), expiresAt, clientAddress),
  );
  return 'mailed';
}
