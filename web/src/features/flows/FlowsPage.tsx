import type { Flow } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { toastError, toastSuccess } from '../../ui/toaster';
import { FlowRow } from './FlowRow';
import { FlowNameDialog } from './FlowNameDialog';
import { flowsApi } from './flowsApi';
import { useFlowList } from './useFlowList';
import './flows.css';

/** /flowbuilders: the company's conversation flows, searched, added, renamed, duplicated, deleted and opened. */
export function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useListPage<Flow>();
  const { search } = page;
  const { records: flows, loading, loadMore, saved, removed } = useFlowList(search);

  const duplicate = async (flow: Flow) => {
    try {
      saved(await flowsApi.duplicate(flow.id));
      toastSuccess(t('flows.duplicated'));
    } catch (error) {
      toastError(error);
    }
  };
  const confirmDelete = async (flow: Flow) => {
    await flowsApi.remove(flow.id);
    removed(flow.id);
  };

  const removal: RemoveWording = { confirm: t('flows.delete'), cancel: t('flows.form.cancel'), done: t('flows.deleted') };
  return (
    <ListPage
      title={t('flows.title')}
      search={{ text: page.text, onText: page.setText, label: t('flows.search'), testId: 'flows-search' }}
      add={{ text: t('flows.add'), onClick: () => page.open(), testId: 'flow-add' }}
    >
      <PagedList items={flows} loading={loading} loadMore={loadMore} cards empty={{ icon: 'flow-branch', text: search ? t('flows.noMatch') : t('flows.empty') }} testId="flow-list">
        {flows.map((flow) => (
          <FlowRow key={flow.id} flow={flow} onOpen={(f) => navigate(`/flowbuilder/${f.id}`)} onRename={page.open} onDuplicate={(f) => void duplicate(f)} onDelete={page.askDelete} />
        ))}
      </PagedList>
      {page.dialog?.isOpen && <FlowNameDialog key={page.dialog.key} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="flow-delete-dialog">
        <p>{t('flows.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
