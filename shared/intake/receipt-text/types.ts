/**
 * What a visitor reads once an enquiry is stored, in one language: the page
 * a plain form post is answered with, and the acknowledgement mail. Kept apart
 * from the page copy so the send route's bundle carries only these few lines.
 * Nothing here is ever filled with what the visitor typed.
 */
export interface ReceiptText {
  /** The centre's name, as the page copy's `meta.siteName` (a test keeps them equal). */
  centreName: string;
  /** Names the time zone after a date-time, as the form's `form.koreaTime` (a test keeps them equal). */
  koreaTime: string;
  /** Between a label and its value (a full-width colon in Chinese and Japanese). */
  colon: string;
  /** A Korea-time calendar day, with its `HH:mm` time when there is one: "10 December 2026, 09:30". */
  when(year: number, month: number, day: number, time?: string): string;
  /** The page's heading. */
  sent: string;
  referenceLabel: string;
  keepReference: string;
  nextHeading: string;
  /** Within how long staff answer, and in which hours (Monday to Friday, 9:00-18:00 Korea time). */
  replyPromise(workingDays: number): string;
  /** Leads into the customer-centre numbers (after `colon`). */
  urgent: string;
  page: {
    title: string;
    /** The link back to the page the enquiry came from. */
    back: string;
  };
  mail: {
    subject(reference: string, centreName: string): string;
    greeting: string;
    thanks: string;
    summaryHeading: string;
    section: string;
    detailSection: string;
    start: string;
    checkIn: string;
    checkOut: string;
    people: string;
    rooms: string;
    /** The value of a date the visitor left empty: any date suits them. */
    noPreference: string;
    replyHint: string;
    /** Leads into the link to the visitor's page (after `colon`): where the request stands, the replies, and a form to write. */
    pageLink: string;
    /** Leads into the privacy-policy link (after `colon`). */
    privacy: string;
    /** For the owner of an address somebody else typed. */
    notYou: string;
  };
}
