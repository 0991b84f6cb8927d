import { ButtonGroup, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './tabTable.css';

interface TabTableProps {
  /** The header cells, in order; the row actions' column comes last. */
  columns: readonly string[];
  actionsLabel: string;
  children: ReactNode;
}

/** The records table of a settings tab (companies, plans): compact, scrolling sideways on a small screen. */
export function TabTable({ columns, actionsLabel, children }: TabTableProps) {
  return (
    <div className="settings-table-scroll">
      <HTMLTable className="settings-table" compact striped interactive>
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label}>{label}</th>
            ))}
            <th className="settings-row-actions">{actionsLabel}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </div>
  );
}

/** A row's last cell: its action buttons. */
export function TabRowActions({ children }: { children: ReactNode }) {
  return (
    <td className="settings-row-actions">
      <ButtonGroup variant="minimal">{children}</ButtonGroup>
    </td>
  );
}
