/**
 * The password the staff member signs in with now, asked again before a
 * change to their own credentials (the password page, the start of
 * two-factor set-up): the server checks it as sign-in does and counts a
 * wrong one against the same limits.
 */
import { StaffApiError } from '../core/api';
import { ACCOUNTS_TEXT } from './words';

/** What the server's refusal of the current password means, in Korean (sent as `field`); `undefined` for another refusal. */
export function currentPasswordRefusal(error: unknown, field: string): string | undefined {
  if (!(error instanceof StaffApiError)) return undefined;
  if (error.status === 429) return ACCOUNTS_TEXT.loginWait;
  return error.fields[field] ? ACCOUNTS_TEXT.wrongCurrentPassword : undefined;
}

export interface CurrentPasswordFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export default function CurrentPasswordField({ id, value, onChange }: CurrentPasswordFieldProps) {
  return (
    <>
      <label htmlFor={id}>{ACCOUNTS_TEXT.currentPassword}</label>
      <input
        id={id}
        name="current"
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </>
  );
}
