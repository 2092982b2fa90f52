/**
 * Forged mail for the load run: a load visitor's own address in `From:`
 * written by someone else's server. Locally nothing authenticates a sender
 * (the SMTP door adds no Authentication-Results and passes
 * NOT_CHECKED_LOCALLY: functions/conversation/receiving/sender-authentication.ts
 * reads that as unauthenticated), so the forgery is the From alone, as it is
 * in production where SPF and DKIM pass only for the forger's own domain.
 * Most go to her enquiry's reply address (the forger has seen one of her
 * mails) and are filed there marked unverified; every fifth goes to a reply
 * address with a guessed MAC and is kept in the unmatched box as forged.
 * All ask, in her name, to cancel.
 */
import { formatReference } from '../../shared/work/enquiry-work';
import { rawMessage } from '../../tests/support/inbound-mail';
import { type HostileMessage, type Patient, hostileMessage } from './hostile-message';

/** The envelope sender of forged mail: the forger's own server. */
export const FORGER = 'bounce@forger.example';
/** Every this many forged mails to a patient, one goes to a guessed reply address. */
const GUESSED_EVERY = 5;

/** The reply address with its MAC changed in its last character: what a forger guessing one writes. */
export function guessedAddress(replyTo: string): string {
  return replyTo.replace(/([a-z2-7])@/, (_, last: string) => `${last === 'a' ? 'b' : 'a'}@`);
}

/** `count` forged mails in the patient's name, each its own (its Message-ID), all about cancelling her enquiry. */
export async function forgedMessages(patient: Patient, count: number): Promise<HostileMessage[]> {
  const reference = formatReference(patient.postIndex);
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const guessed = (index + 1) % GUESSED_EVERY === 0;
      const to = guessed ? guessedAddress(patient.replyTo) : patient.replyTo;
      return hostileMessage({
        kind: 'forged',
        name: guessed ? 'forged "please cancel" to a guessed address' : 'forged "please cancel"',
        from: FORGER,
        to,
        raw: await rawMessage({
          from: patient.email,
          to,
          subject: `Re: ${reference} please cancel`,
          text: `Please cancel my booking ${reference}, I will not come.`,
          date: new Date(),
          messageId: `<${crypto.randomUUID()}@forger.example>`,
        }),
        expected: guessed ? { kept: 'unmatched', reason: 'forged' } : { filedIn: patient.postIndex },
      });
    }),
  );
}
