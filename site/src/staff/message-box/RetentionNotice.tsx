/**
 * Above the message box: how many enquiries tonight's retention run will
 * delete (past the period the privacy notice states), so nobody is surprised
 * and an admin can hold one first. Nothing is shown when none is due or the
 * count cannot be read.
 */
import { useEffect, useState } from 'react';
import { storedToken } from '../core/api';
import { loadRetentionDue } from '../privacy/privacy-api';
import { MESSAGE_BOX_TEXT } from './words';

export default function RetentionNotice() {
  const [due, setDue] = useState<{ count: number; months: number } | undefined>();
  useEffect(() => {
    // Without a token the page is already on its way to sign-in: no second navigation.
    if (!storedToken()) return;
    loadRetentionDue().then(
      (answer) => {
        if (typeof answer.due?.enquiries === 'number')
          setDue({ count: answer.due.enquiries, months: answer.periods.enquiryMonths });
      },
      () => undefined,
    );
  }, []);
  if (!due || due.count === 0) return null;
  return (
    <p className="staff__notice" role="status">
      {MESSAGE_BOX_TEXT.retentionDue(due.count, due.months)}
    </p>
  );
}
