/** One case of the benchmark: a raw message and the new text a right parser gives back for it. */
export interface ReplyCase {
  /** `<corpus>/<name>`: the fixture file or the generated message. */
  id: string;
  /** 'mailgun/talon', 'github/email_reply_parser', 'crisp-oss/email-reply-parser' or 'own'. */
  corpus: string;
  /** The mail program that wrote it ('unknown' where a public fixture does not say). */
  client: string;
  /** The language of the client's quote header and signature (for our own messages, the patient's too). */
  language: string;
  /** What kind of answer it is: top-posted, inline, a forward …; 'public fixture' for the corpora's. */
  kind: string;
  raw: Buffer;
  /** What the patient wrote this time (docs/benchmarks.md, 'Reply parsing'). */
  expected: string;
  /** An answer that only quotes: its right new text is empty. */
  quoteOnly?: true;
  /** Where our expectation differs from the corpus's own, or how it was derived. */
  note?: string;
}
