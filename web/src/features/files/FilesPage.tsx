import type { FileListSummary } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useCan } from '../../app/useCan';
import { applyFileListFeed, matchesSearch } from './fileListList';
import { FileListDialog } from './FileListDialog';
import { FileListTable } from './FileListTable';
import { filesApi } from './filesApi';
import { useFileLists } from './useFileLists';
import './files.css';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /files (admins): the company's file lists, searched by name, page by page; add, edit and delete. */
export function FilesPage() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('campaigns:manage')) {
    return (
      <div className="shell-page" data-testid="page">
        <NonIdealState icon="lock" description={t('files.noPermission')} />
      </div>
    );
  }
  return <FilesManager />;
}

function FilesManager() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { records, loading, loadMore, setState } = useFileLists(search);
  // The dialog is remounted for each opening (`key`), so it starts from the list it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editingId: number | undefined }>();
  const [deleting, setDeleting] = useState<FileListSummary>();

  const open = (editingId: number | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editingId }));
  const saved = (record: FileListSummary) => setState((s) => ({ ...s, records: applyFileListFeed(s.records, { action: 'update', record }, (f) => matchesSearch(f, search)) }));

  const confirmDelete = async () => {
    const record = deleting;
    if (!record) return;
    await filesApi.remove(record.id);
    setState((s) => ({ ...s, records: applyFileListFeed(s.records, { action: 'delete', id: record.id }) }));
    toastSuccess(t('files.deleted'));
  };

  return (
    <div className="shell-page files-page" data-testid="page">
      <div className="files-header">
        <H3 className="files-heading">{t('files.title')}</H3>
        <div className="files-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('files.search')}
            placeholder={t('files.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="files-search"
            data-testid="files-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('files.add')} onClick={() => open(undefined)} data-testid="file-list-add" />
        </div>
      </div>
      <FileListTable records={records} loading={loading} searching={!!search} loadMore={loadMore} onEdit={(f) => open(f.id)} onDelete={setDeleting} />
      {dialog && <FileListDialog key={dialog.key} editingId={dialog.editingId} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('files.deleteTitle')}
        confirmText={t('files.delete')}
        cancelText={t('files.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="file-list-delete-dialog"
      >
        <p>{t('files.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
