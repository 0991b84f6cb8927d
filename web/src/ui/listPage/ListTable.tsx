import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ListColumn {
  label: string;
  /** On the header cell and, by the page, on its cells: a width, or hiding it on small screens. */
  className?: string;
}

interface ListTableProps {
  columns: readonly ListColumn[];
  testId: string;
  /** Rows answer a pointer (a hover colour). */
  interactive?: boolean;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}

/** The table of a ListPage: a header that stays in view while the rows scroll under it. */
export function ListTable({ columns, testId, interactive = false, compact = false, className, children }: ListTableProps) {
  return (
    <HTMLTable striped interactive={interactive} compact={compact} className={className ? `list-page-table ${className}` : 'list-page-table'} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </HTMLTable>
  );
}
