/** A back-office table: scrolls sideways on a narrow screen, one head row of column names, then the rows given. */
import type { ReactNode } from 'react';

export default function StaffTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="messages">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
