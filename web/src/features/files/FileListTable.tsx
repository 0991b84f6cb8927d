import type { FileListSummary } from '@atendo/contracts';
import { Button, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';

interface FileListTableProps {
  records: FileListSummary[];
  loading: boolean;
  searching: boolean;
  loadMore(): void;
  onEdit(list: FileListSummary): void;
  onDelete(list: FileListSummary): void;
}

/** The file lists (spec: name, actions), loading the next page near the bottom (infinite scroll). */
export function FileListTable({ records, loading, searching, loadMore, onEdit, onDelete }: FileListTableProps) {
  const { t } = useTranslation();
  const { ref, onScroll } = useInfiniteScroll(loadMore, records);
  return (
    <div className="files-table-scroll" ref={ref} onScroll={onScroll} data-testid="files-scroll">
      {records.length === 0 && !loading ? (
        <NonIdealState icon="folder-open" title={searching ? t('files.noMatch') : t('files.empty')} />
      ) : (
        <HTMLTable striped className="files-table" data-testid="files-table">
          <thead>
            <tr>
              <th>{t('files.columns.name')}</th>
              <th className="files-col-actions">{t('files.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((list) => (
              <tr key={list.id} data-testid="file-list-row" data-file-list-id={list.id}>
                <td>
                  <span className="files-row-name" data-testid="file-list-row-name">
                    {list.name}
                  </span>
                  <Tag minimal round icon="paperclip" className="files-row-count" title={t('files.optionsCount', { count: list.optionsCount })}>
                    {list.optionsCount}
                  </Tag>
                </td>
                <td className="files-col-actions">
                  <Button variant="minimal" icon="edit" aria-label={t('files.edit')} title={t('files.edit')} onClick={() => onEdit(list)} data-testid="file-list-edit" />
                  <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={t('files.delete')} title={t('files.delete')} onClick={() => onDelete(list)} data-testid="file-list-delete" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {loading && <Spinner size={24} className="files-spinner" />}
    </div>
  );
}
