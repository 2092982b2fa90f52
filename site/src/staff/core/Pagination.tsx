/** Previous/next arrows, a window of 5 page links and 3 margin pages at each end. */
import { pageWindow } from '../../../../shared/enquiries/pagination';
import { STAFF_TEXT } from './words';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

export default function Pagination({ page, totalPages, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={STAFF_TEXT.pagination}>
      <ul>
        <li>
          <button type="button" aria-label={STAFF_TEXT.previous} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ‹
          </button>
        </li>
        {pageWindow(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                aria-label={STAFF_TEXT.page(item.page)}
                aria-current={item.current ? 'page' : undefined}
                onClick={() => onPage(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            aria-label={STAFF_TEXT.next}
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
          >
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
