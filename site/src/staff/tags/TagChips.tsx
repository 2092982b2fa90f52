/** An enquiry's tags as small labels; each links to the message box filtered by it, or offers its removal. */
import { TAGS_TEXT } from './words';

export interface TagChipsProps {
  tags: readonly string[] | undefined;
  /** Given: each chip has a remove button instead of a link. */
  onRemove?: (tag: string) => void;
  disabled?: boolean;
}

export default function TagChips({ tags, onRemove, disabled }: TagChipsProps) {
  if (!tags?.length) return null;
  return (
    <ul className="tags">
      {tags.map((tag) => (
        <li key={tag} className="tag">
          {onRemove ? (
            <>
              {tag}
              <button
                type="button"
                className="tag__remove"
                aria-label={TAGS_TEXT.remove(tag)}
                disabled={disabled}
                onClick={() => onRemove(tag)}
              >
                ×
              </button>
            </>
          ) : (
            <a href={`/view?${new URLSearchParams({ tag })}`} aria-label={TAGS_TEXT.showTag(tag)}>
              {tag}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
