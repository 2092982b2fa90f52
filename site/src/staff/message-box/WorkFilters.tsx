/**
 * The message box by status and owner, by one tag, and the search by
 * reference. A status or owner list, and a tag's list, each stand apart from
 * the other filters (the API serves each from its own index), so choosing
 * one clears the others.
 */
import { type SubmitEvent, useState } from 'react';
import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  OWNER_FILTERS,
  STATUS_LABELS,
} from '../../../../shared/work/enquiry-work';
import type { ListQuery, OwnerFilter } from '../core/list-query';
import { MESSAGE_BOX_TEXT } from './words';
import type { TagInUse } from '../../../../shared/tags/tags';
import { TAGS_TEXT } from '../tags/words';

export interface WorkFiltersProps {
  query: ListQuery;
  /** The tags in use, for the tag filter (empty while unknown). */
  tagsInUse: readonly TagInUse[];
  onApply: (query: ListQuery) => void;
}

export default function WorkFilters({ query, tagsInUse, onApply }: WorkFiltersProps) {
  const [reference, setReference] = useState(query.reference ?? '');
  const apply = (status: string, owner: string) =>
    onApply({
      page: 1,
      ...(status ? { status: status as EnquiryStatus } : {}),
      ...(owner ? { owner: owner as OwnerFilter } : {}),
    });
  const find = (event: SubmitEvent) => {
    event.preventDefault();
    onApply(reference.trim() ? { page: 1, reference: reference.trim() } : { page: 1 });
  };
  return (
    <div className="filters filters--work">
      <label>
        {MESSAGE_BOX_TEXT.statusFilter}
        <select value={query.status ?? ''} onChange={(event) => apply(event.currentTarget.value, query.owner ?? '')}>
          <option value="">{MESSAGE_BOX_TEXT.all}</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {MESSAGE_BOX_TEXT.ownerFilter}
        <select value={query.owner ?? ''} onChange={(event) => apply(query.status ?? '', event.currentTarget.value)}>
          <option value="">{MESSAGE_BOX_TEXT.all}</option>
          <option value={OWNER_FILTERS.mine}>{MESSAGE_BOX_TEXT.mine}</option>
          <option value={OWNER_FILTERS.unassigned}>{MESSAGE_BOX_TEXT.unassigned}</option>
        </select>
      </label>
      <label>
        {TAGS_TEXT.filter}
        <select
          value={query.tag ?? ''}
          onChange={(event) =>
            onApply(event.currentTarget.value ? { page: 1, tag: event.currentTarget.value } : { page: 1 })
          }
        >
          <option value="">{TAGS_TEXT.all}</option>
          {query.tag && !tagsInUse.some((used) => used.tag === query.tag) && (
            <option value={query.tag}>{query.tag}</option>
          )}
          {tagsInUse.map((used) => (
            <option key={used.tag} value={used.tag}>
              {TAGS_TEXT.inUse(used.tag, used.count)}
            </option>
          ))}
        </select>
      </label>
      <form className="filters" role="search" onSubmit={find}>
        <label>
          {MESSAGE_BOX_TEXT.referenceSearch}
          <input
            type="search"
            value={reference}
            placeholder={MESSAGE_BOX_TEXT.referencePlaceholder}
            maxLength={40}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
        </label>
        <button type="submit" className="staff-button">
          {MESSAGE_BOX_TEXT.find}
        </button>
      </form>
    </div>
  );
}
