/**
 * A text a visitor wrote, as staff read it: once translated, the
 * Korean text under a label naming the engine (a machine translation, never
 * taken for a person's), with the original one click away (a disclosure,
 * which keyboards and screen readers know); until then the original, with
 * where its translation stands when `showsState` (one text per original
 * says it: the message of an enquiry, a visitor's message). A Korean
 * original has no translation and shows as it is.
 */
import type { TranslationView } from '../../../../shared/translation/staff-translation';
import TranslationStatus, { type AskAgain } from './TranslationStatus';
import { askTranslationAgain } from './translation-api';
import { TRANSLATION_TEXT } from './words';

export interface TranslatedTextProps {
  /** The enquiry whose text it is: asking again queues its translation there. */
  postIndex?: number;
  /** How to ask again for a text of no enquiry's (a kept mail's). */
  askAgain?: AskAgain;
  original: string;
  /** The original's translation (its texts by field), if it has one. */
  translation: TranslationView | undefined;
  field: string;
  /** The class of the text's paragraph (line breaks kept). */
  className: string;
  /** The original's language, for screen readers and fonts. */
  lang?: string;
  showsState?: boolean;
}

export default function TranslatedText({
  postIndex,
  askAgain,
  original,
  translation,
  field,
  className,
  lang,
  showsState = false,
}: TranslatedTextProps) {
  const translated = translation?.state === 'done' ? translation.texts?.[field] : undefined;
  const ask =
    askAgain ??
    (postIndex === undefined ? undefined : (view: TranslationView) => askTranslationAgain(postIndex, view.source));
  if (translated === undefined || !original.trim()) {
    return (
      <>
        <p className={className} lang={lang}>
          {original}
        </p>
        {showsState && translation && translation.state !== 'done' && (
          <TranslationStatus translation={translation} {...(ask ? { ask } : {})} />
        )}
      </>
    );
  }
  return (
    <div className="translation">
      <p className="translation__label">{TRANSLATION_TEXT.label(translation?.engine ?? '')}</p>
      <p className={className} lang="ko">
        {translated}
      </p>
      <details className="translation__original">
        <summary>{TRANSLATION_TEXT.showOriginal}</summary>
        <p className={className} lang={lang}>
          {original}
        </p>
      </details>
    </div>
  );
}
