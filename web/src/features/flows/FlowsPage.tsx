import type { Flow } from '@atendo/contracts';
import { Button, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { applyFeed, matchesSearch } from './flowList';
import { FlowList } from './FlowList';
import { FlowNameDialog } from './FlowNameDialog';
import { flowsApi } from './flowsApi';
import { useFlowList } from './useFlowList';
import './flows.css';

/** Spec §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /flowbuilders: the company's conversation flows, searched, added, renamed, duplicated, deleted and opened. */
export function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { flows, loading, loadMore, setState } = useFlowList(search);
  // Remounted for each opening (`key`), so it starts from the flow it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editing: Flow | undefined }>();
  const [deleting, setDeleting] = useState<Flow>();

  const open = (editing: Flow | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing }));
  const saved = (record: Flow) => setState((s) => ({ ...s, flows: applyFeed(s.flows, { action: 'update', record }, (f) => matchesSearch(f, search)) }));

  const duplicate = async (flow: Flow) => {
    try {
      saved(await flowsApi.duplicate(flow.id));
      toastSuccess(t('flows.duplicated'));
    } catch (error) {
      toastError(error);
    }
  };

  const confirmDelete = async () => {
    const flow = deleting;
    if (!flow) return;
    await flowsApi.remove(flow.id);
    setState((s) => ({ ...s, flows: applyFeed(s.flows, { action: 'delete', id: flow.id }) }));
    toastSuccess(t('flows.deleted'));
  };

  return (
    <div className="shell-page flows-page" data-testid="page">
      <div className="flows-header">
        <H3 className="flows-heading">{t('flows.title')}</H3>
        <div className="flows-tools">
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t('flows.search')}
            placeholder={t('flows.search')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="flows-search"
            data-testid="flows-search"
          />
          <Button intent={Intent.PRIMARY} icon="add" text={t('flows.add')} onClick={() => open(undefined)} data-testid="flow-add" />
        </div>
      </div>
      <FlowList
        flows={flows}
        loading={loading}
        searching={!!search}
        loadMore={loadMore}
        onOpen={(flow) => navigate(`/flowbuilder/${flow.id}`)}
        onRename={open}
        onDuplicate={(flow) => void duplicate(flow)}
        onDelete={setDeleting}
      />
      {dialog && <FlowNameDialog key={dialog.key} editing={dialog.editing} onSaved={saved} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('flows.delete')}
        confirmText={t('flows.delete')}
        cancelText={t('flows.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="flow-delete-dialog"
      >
        <p>{t('flows.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
