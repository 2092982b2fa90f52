/**
 * After the load: the hostile mail (bench/load/hostile-mail.ts) against the
 * store. Each message is found by its bytes' mark in the keys of the threads'
 * messages and of the kept mail, and must be there exactly once, where the
 * receiver must put it: a malformed one kept in its box (unreadable, where
 * the parser gave up) or filed in its enquiry, a forged one kept or filed
 * marked unverified; every sending of it taken (no sender left retrying for
 * ever, none bounced).
 */
import type { HostileKind, HostileMessage, Placement } from './hostile-message';

type Item = Record<string, unknown>;

export interface HostileTally {
  sent: number;
  /** Exactly once, where it must be (a forged one filed: marked unverified). */
  once: number;
  lost: number;
  doubled: number;
  /** Once, but elsewhere: another box or reason, another thread, kept instead of filed or the reverse. */
  misplaced: number;
  /** Filed as the visitor's verified mail: a forgery passing for her. */
  passedAsVerified: number;
  /** A sending never taken: every try refused, or bounced. */
  notTaken: number;
}

export interface HostileCheck {
  malformed: HostileTally;
  forged: HostileTally;
  /** Sendings after the first of a message: its second sending, and each try after a temporary failure. */
  sentAgain: number;
  /** What went wrong, one line a message, at most 20. */
  problems: string[];
}

/** A message found in the store: filed in a thread (with its verification) or kept in a box. */
type Found = ({ filedIn: number } & { senderVerified: boolean }) | { kept: string; reason: string };

/** The mark (`m<hash>`) a key ends with, if any: `<time>#m<hash>`, `kept#<time>#m<hash>`, `kept#undated#m<hash>`. */
const markOfKey = (key: unknown) => /#(m[0-9a-f]{16})$/.exec(String(key))?.[1];

/** Where each mark is in the store: the threads' visitor messages and the mail kept in a box. */
function placements(store: { events: readonly Item[]; inboundMail: readonly Item[] }): Map<string, Found[]> {
  const found = new Map<string, Found[]>();
  const add = (mark: string | undefined, place: Found) => {
    if (mark) found.set(mark, [...(found.get(mark) ?? []), place]);
  };
  for (const event of store.events)
    if (event['type'] === 'visitorMessage')
      add(markOfKey(event['at']), {
        filedIn: Number(event['postIndex']),
        senderVerified: (event['visitor'] as Item | undefined)?.['senderVerified'] === true,
      });
  for (const item of store.inboundMail)
    if (item['box'] !== undefined)
      add(markOfKey(item['key']), { kept: String(item['box']), reason: String(item['reason']) });
  return found;
}

const where = (place: Placement | Found) =>
  'filedIn' in place ? `filed in ${place.filedIn}` : `kept in ${place.kept} (${place.reason})`;

const isExpected = (found: Found, expected: Placement) =>
  'filedIn' in expected
    ? 'filedIn' in found && found.filedIn === expected.filedIn
    : 'kept' in found && found.kept === expected.kept && found.reason === expected.reason;

/** Whether a kept mail is one of these hostile messages (so the check of the visitors' answers leaves it out). */
export function hostileKept(messages: readonly Pick<HostileMessage, 'mark'>[]): (item: Item) => boolean {
  const marks = new Set(messages.map((message) => message.mark));
  return (item) => marks.has(markOfKey(item['key']) ?? '');
}

const zero = (): HostileTally => ({
  sent: 0,
  once: 0,
  lost: 0,
  doubled: 0,
  misplaced: 0,
  passedAsVerified: 0,
  notTaken: 0,
});

export function checkHostileMail(
  messages: readonly HostileMessage[],
  store: { events: readonly Item[]; inboundMail: readonly Item[] },
): HostileCheck {
  const found = placements(store);
  const tallies: Record<HostileKind, HostileTally> = { malformed: zero(), forged: zero() };
  const problems: string[] = [];
  let sentAgain = 0;
  for (const message of messages) {
    const tally = tallies[message.kind];
    tally.sent += 1;
    sentAgain +=
      Math.max(0, message.sendings.length - 1) + message.sendings.reduce((sum, sending) => sum + sending.retries, 0);
    const places = found.get(message.mark) ?? [];
    const [place] = places;
    const notTaken = message.sendings.length === 0 || message.sendings.some((sending) => sending.outcome !== 'stored');
    const passed = place !== undefined && 'filedIn' in place && place.senderVerified;
    let problem: string | undefined;
    if (notTaken) {
      tally.notTaken += 1;
      problem = `not taken (${message.sendings.map((sending) => sending.outcome).join(', ') || 'never sent'})`;
    }
    if (places.length === 0) {
      tally.lost += 1;
      problem ??= 'lost';
    } else if (places.length > 1) {
      tally.doubled += 1;
      problem ??= `${places.length} times: ${places.map(where).join(', ')}`;
    } else if (place && !isExpected(place, message.expected)) {
      tally.misplaced += 1;
      problem ??= `${where(place)}, not ${where(message.expected)}`;
    } else if (passed && message.kind === 'forged') {
      tally.passedAsVerified += 1;
      problem ??= 'filed as the verified mail of the enquiry';
    } else if (!notTaken) tally.once += 1;
    if (problem && problems.length < 20) problems.push(`${message.kind} ${message.name} (${message.mark}): ${problem}`);
  }
  return { ...tallies, sentAgain, problems };
}

/** Whether the hostile mail came through whole: every message sent once where it belongs. */
export const hostileWhole = (check: HostileCheck) =>
  check.malformed.sent > 0 &&
  check.forged.sent > 0 &&
  check.malformed.once === check.malformed.sent &&
  check.forged.once === check.forged.sent;

/** The hostile mail's line of the run's figures. */
export function hostileLine(check: HostileCheck, silenced: number): string {
  const { malformed, forged } = check;
  return `Hostile mail: ${malformed.once} of ${malformed.sent} malformed kept or filed once, ${forged.once} of ${forged.sent} forged kept or marked unverified, ${silenced} patients silenced; sent again ${check.sentAgain}`;
}
