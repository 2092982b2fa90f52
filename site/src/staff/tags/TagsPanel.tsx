/**
 * The tags of one enquiry in its detail page: staff take one off, or add
 * some (comma-separated, the tags in use offered as they type). Every change
 * answers with the enquiry as it is now, and lands in its history.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import type { EnquiryRecord } from '../../../../shared/enquiries/enquiry';
import type { TagInUse } from '../../../../shared/tags/tags';
import Alert from '../core/Alert';
import { StaffApiError } from '../core/api';
import TagChips from './TagChips';
import { readTagInput } from './tag-input';
import { changeTags, loadTagsInUse } from './tags-api';
import { TAGS_TEXT } from './words';

export interface TagsPanelProps {
  record: EnquiryRecord;
  onChanged: (record: EnquiryRecord) => void;
}

export default function TagsPanel({ record, onChanged }: TagsPanelProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [inUse, setInUse] = useState<TagInUse[]>([]);
  const tags = record.TAGS ?? [];
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Suggestions only: without them the input still works.
    loadTagsInUse().then(setInUse, () => undefined);
  }, [record.TAGS]);

  const change = async (request: { add?: string[]; remove?: string[] }) => {
    setBusy(true);
    setProblem('');
    try {
      onChanged(await changeTags(record.POST_INDEX, request));
      setText('');
      // The × that had the focus is gone with its tag: the focus goes on to the input, not back to the page's top.
      if (request.remove) input.current?.focus();
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401)) setProblem(TAGS_TEXT.failed);
    }
    setBusy(false);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const read = readTagInput(text, tags);
    if ('problem' in read) setProblem(read.problem);
    else if (read.tags.length) void change({ add: read.tags });
    else setText('');
  };

  return (
    <section className="panel" aria-labelledby="tags-heading">
      <h2 id="tags-heading">{TAGS_TEXT.heading}</h2>
      {tags.length ? (
        <TagChips tags={tags} disabled={busy} onRemove={(tag) => void change({ remove: [tag] })} />
      ) : (
        <p className="staff__muted">{TAGS_TEXT.none}</p>
      )}
      <form className="panel__row" onSubmit={submit}>
        <label>
          {TAGS_TEXT.input}
          <input
            ref={input}
            value={text}
            list="tags-in-use"
            placeholder={TAGS_TEXT.placeholder}
            aria-describedby="tags-hint"
            maxLength={400}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </label>
        <datalist id="tags-in-use">
          {inUse
            .filter((used) => !tags.includes(used.tag))
            .map((used) => (
              <option key={used.tag} value={used.tag} />
            ))}
        </datalist>
        <button type="submit" className="staff-button" disabled={busy || !text.trim()}>
          {TAGS_TEXT.add}
        </button>
      </form>
      <p id="tags-hint" className="staff__muted">
        {TAGS_TEXT.hint}
      </p>
      <Alert text={problem} />
    </section>
  );
}
