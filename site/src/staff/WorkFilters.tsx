/**
 * The message box by status and owner, and the search by reference. A
 * status or owner list stands apart from the section and date filters (the
 * API serves each from its own index), so choosing one clears the other.
 */
import { type SubmitEvent, useState } from 'react';
import { ENQUIRY_STATUSES, type EnquiryStatus, OWNER_FILTERS, STATUS_LABELS } from '../../../shared/work/enquiry-work';
import type { ListQuery, OwnerFilter } from './list-query';
import { STAFF_TEXT } from './text';

export interface WorkFiltersProps {
  query: ListQuery;
  onApply: (query: ListQuery) => void;
}

export default function WorkFilters({ query, onApply }: WorkFiltersProps) {
  const [reference, setReference] = useState(query.reference ?? '');
  const apply = (status: string, owner: string) =>
    onApply({ page: 1, ...(status ? { status: status as EnquiryStatus } : {}), ...(owner ? { owner: owner as OwnerFilter } : {}) });
  const find = (event: SubmitEvent) => {
    event.preventDefault();
    onApply(reference.trim() ? { page: 1, reference: reference.trim() } : { page: 1 });
  };
  return (
    <div className="filters filters--work">
      <label>
        {STAFF_TEXT.statusFilter}
        <select value={query.status ?? ''} onChange={(event) => apply(event.currentTarget.value, query.owner ?? '')}>
          <option value="">{STAFF_TEXT.all}</option>
          {ENQUIRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {STAFF_TEXT.ownerFilter}
        <select value={query.owner ?? ''} onChange={(event) => apply(query.status ?? '', event.currentTarget.value)}>
          <option value="">{STAFF_TEXT.all}</option>
          <option value={OWNER_FILTERS.mine}>{STAFF_TEXT.mine}</option>
          <option value={OWNER_FILTERS.unassigned}>{STAFF_TEXT.unassigned}</option>
        </select>
      </label>
      <form className="filters" role="search" onSubmit={find}>
        <label>
          {STAFF_TEXT.referenceSearch}
          <input type="search" value={reference} placeholder={STAFF_TEXT.referencePlaceholder} maxLength={40} onChange={(event) => setReference(event.currentTarget.value)} />
        </label>
        <button type="submit" className="staff-button">
          {STAFF_TEXT.find}
        </button>
      </form>
    </div>
  );
}
