/**
 * Section and date-range filters; applying them goes back to page 1. The
 * parent keys it by the query, so a query from elsewhere (back, reload) starts it afresh.
 */
import { type SubmitEvent, useState } from 'react';
import { SECTIONS } from '../../../../shared/enquiries/enums';
import type { ListQuery } from '../core/list-query';
import { STAFF_TEXT } from '../core/words';
import { MESSAGE_BOX_TEXT } from './words';

export interface FiltersProps {
  query: ListQuery;
  onApply: (query: ListQuery) => void;
}

export default function Filters({ query, onApply }: FiltersProps) {
  const [section, setSection] = useState(query.section ?? '');
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [spam, setSpam] = useState(query.spam === true);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onApply({
      page: 1,
      ...(section ? { section: section as ListQuery['section'] } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(spam ? { spam: true } : {}),
    });
  };

  return (
    <form className="filters" onSubmit={submit} aria-label={MESSAGE_BOX_TEXT.filters}>
      <label>
        {MESSAGE_BOX_TEXT.sectionFilter}
        <select value={section} onChange={(event) => setSection(event.currentTarget.value)}>
          <option value="">{MESSAGE_BOX_TEXT.all}</option>
          {SECTIONS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.labels.ko}
            </option>
          ))}
        </select>
      </label>
      <label>
        {STAFF_TEXT.from}
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
      </label>
      <label>
        {STAFF_TEXT.to}
        <input type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.currentTarget.value)} />
      </label>
      <label className="filters__check">
        <input type="checkbox" checked={spam} onChange={(event) => setSpam(event.currentTarget.checked)} />
        {MESSAGE_BOX_TEXT.spamOnly}
      </label>
      <button type="submit" className="staff-button staff-button--primary">
        {STAFF_TEXT.apply}
      </button>
      <button type="button" className="staff-button" onClick={() => onApply({ page: 1 })}>
        {MESSAGE_BOX_TEXT.reset}
      </button>
    </form>
  );
}
