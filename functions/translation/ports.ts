/**
 * What the translation feature needs from a machine-translation engine
 * (issue 26). The adapter is Amazon Translate through the SDK
 * (functions/adapters/translate/); locally it talks to the stand-in emulator.
 */
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
