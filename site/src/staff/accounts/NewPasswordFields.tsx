/**
 * A new password, typed twice, under the rule the server holds it to
 * (shared/accounts/accounts-schema.ts, `newPassword`): the welcome page's and
 * the password page's.
 */
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../../shared/auth';
import { ACCOUNTS_TEXT } from './words';

const TEXT = ACCOUNTS_TEXT.welcome;

/** What is wrong with the new password before it is sent, in Korean; '' for nothing. */
export function newPasswordProblem(password: string, repeat: string): string {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return TEXT.tooShort(STAFF_PASSWORD_MIN_LENGTH);
  return password === repeat ? '' : TEXT.mismatch;
}

export interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids. */
  id: string;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}

export default function NewPasswordFields({ id, password, repeat, onPassword, onRepeat }: NewPasswordFieldsProps) {
  return (
    <>
      <label htmlFor={`${id}-password`}>{TEXT.newPassword}</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={STAFF_PASSWORD_MIN_LENGTH}
        aria-describedby={`${id}-password-rule`}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
      />
      <p id={`${id}-password-rule`} className="staff__muted">
        {TEXT.minLength(STAFF_PASSWORD_MIN_LENGTH)}
      </p>
      <label htmlFor={`${id}-repeat`}>{TEXT.repeatPassword}</label>
      <input
        id={`${id}-repeat`}
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onChange={(event) => onRepeat(event.currentTarget.value)}
      />
    </>
  );
}
