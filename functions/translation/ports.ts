/**
 * What the translation feature needs: a machine-translation engine, and a
 * store of the translations made. The adapter is Amazon Translate through the SDK
 * (functions/translation/adapters/amazon-translate.ts); locally it talks to the stand-in emulator.
 */
import type { TranslationState } from '../../shared/translation/staff-translation';
import type { TranslationLanguage } from '../../shared/translation/translation';

export interface TranslationRequest {
  text: string;
  /** The page's language, or `auto` when the visitor may have written in another one. */
  source: TranslationLanguage | 'auto';
  target: TranslationLanguage;
}

export interface MachineTranslation {
  text: string;
  /** The language translated from: the one asked for, or the one the engine detected (a code it gave, possibly none of ours). */
  source: string;
  target: TranslationLanguage;
  /** Who translated: shown beside the text. */
  engine: string;
  /** How many of the terminology's terms the engine applied. */
  termsApplied: number;
}

/**
 * A refusal that trying again will not change (a language pair the engine
 * does not translate, a language it could not tell): the translation is
 * given up and staff are told, rather than retried.
 */
export class TranslationRefused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'TranslationRefused';
  }
}

export interface Translator {
  readonly engine: string;
  /** Translates a text of any length (the adapter splits what the engine cannot take at once); throws TranslationRefused, or any error for a failure worth retrying. */
  translate(request: TranslationRequest): Promise<MachineTranslation>;
}

/**
 * Where a translation stands: `pending` (due, or being made), `done`,
 * `failed` (the engine failed every try; staff may ask again), `refused` (the
 * engine will not translate it: a language pair, a language it cannot tell),
 * `capped` (the day's characters are used up: due again when Korea's next
 * day starts). Named in the wire contract, as staff see it too.
 */
export type { TranslationState } from '../../shared/translation/staff-translation';

/** The texts of one original, by name (`CONTEXT`, `HOTEL`, … of an enquiry; `text` of a message). */
export type TranslatedTexts = Record<string, string>;

/**
 * One original's translation, kept beside it (the original is never
 * rewritten): what to translate to, where it stands, and once made, the
 * texts with the engine, the language found and when.
 */
export interface TranslationJob {
  postIndex: number;
  /** Which original: `enquiry` (its free texts) or `message#<at>` (a visitor's message, by its event's time). */
  source: string;
  /** The language to translate from: the page's, or `auto`. */
  from: TranslationLanguage | 'auto';
  to: TranslationLanguage;
  state: TranslationState;
  attempts: number;
  createdAt: number;
  /** The queue it waits in (the sparse index) and from when; absent once nothing more happens to it. */
  queue?: string;
  nextAt?: number;
  /** Once made. */
  texts?: TranslatedTexts;
  engine?: string;
  /** The language the engine translated from (the one found, for `auto`). */
  detected?: string;
  /** ISO instant. */
  translatedAt?: string;
  /** Characters sent to the engine. */
  chars?: number;
  /** Why it failed, was refused or waits (`daily_cap`, `share_cap`), for staff (never the visitor's words). */
  problem?: string;
  /** A staff member asked for it: the enquiry's and the sender's shares of the day do not hold it back (fair-share.ts). */
  staffAsked?: boolean;
}

export type TranslationChange = Pick<TranslationJob, 'state' | 'attempts'> &
  Partial<
    Pick<
      TranslationJob,
      'queue' | 'nextAt' | 'texts' | 'engine' | 'detected' | 'translatedAt' | 'chars' | 'problem' | 'staffAsked'
    >
  >;

export interface TranslationStore {
  /** Adds a job; `false` when this original has one already. */
  add(job: TranslationJob): Promise<boolean>;
  get(postIndex: number, source: string): Promise<TranslationJob | undefined>;
  /** Every translation of an enquiry (one Query: its partition). */
  ofEnquiry(postIndex: number): Promise<TranslationJob[]>;
  /** The translations of these enquiries' own texts (`enquiry`), those that exist: a page of the message box in one BatchGetItem. */
  ofEnquiryTexts(postIndexes: readonly number[]): Promise<TranslationJob[]>;
  /**
   * Changes a job only if it is still in the state the caller read (state
   * and attempts), so of two workers only one translates it. Fields left out
   * keep their value; `queue` undefined takes it off the queue.
   */
  transition(
    postIndex: number,
    source: string,
    expected: Pick<TranslationJob, 'state' | 'attempts'>,
    change: TranslationChange,
  ): Promise<boolean>;
  /** The jobs whose time has come, oldest first. */
  due(now: number, limit: number): Promise<{ postIndex: number; source: string }[]>;
  /** Removes translations of an enquiry by original (moved with their messages to another enquiry). */
  remove(postIndex: number, sources: readonly string[]): Promise<void>;
  /** Removes an enquiry's translations (its erasure, its retention). */
  removeEnquiry(postIndex: number): Promise<void>;
}
