/**
 * What a dialog's submit does, written once: it waits while busy, and on a
 * failure says why (in the words `problemOf` gives) and lets the staff
 * member try again.
 */
import { type SubmitEvent, useState } from 'react';

export function useDialogAction(run: () => Promise<void>, problemOf: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      await run();
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, submit };
}
