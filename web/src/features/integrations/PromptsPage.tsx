import type { Prompt } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { AdminPlanGate } from './AdminPlanGate';
import { PromptDialog } from './PromptDialog';
import { PromptTable } from './PromptTable';
import { promptsApi } from './promptsApi';
import { usePromptList } from './usePromptList';
import './integrations.css';

/** /prompts (admins, plans with useOpenAi): the company's OpenAI assistants; add, edit and delete. */
export function PromptsPage() {
  const { t } = useTranslation();
  return (
    <AdminPlanGate flag="useOpenAi" noPermissionText={t('prompts.noPermission')} planRefusedText={t('prompts.planRefused')}>
      <PromptsManager />
    </AdminPlanGate>
  );
}

function PromptsManager() {
  const { t } = useTranslation();
  const page = useListPage<Prompt>();
  const { records, loading, saved, removed } = usePromptList();

  const confirmDelete = async (prompt: Prompt) => {
    await promptsApi.remove(prompt.id);
    removed(prompt.id);
  };

  return (
    <ListPage title={t('prompts.title')} add={{ text: t('prompts.add'), onClick: () => page.open(), testId: 'prompt-add' }}>
      <PagedList items={records} loading={loading} empty={{ icon: 'predictive-analysis', text: t('prompts.empty') }}>
        <PromptTable prompts={records} onEdit={page.open} onDelete={page.askDelete} />
      </PagedList>
      {page.dialog?.isOpen && <PromptDialog key={page.dialog.key} editingId={page.dialog.editing?.id} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove
        record={page.deleting}
        words={{ title: t('prompts.deleteTitle'), confirm: t('prompts.delete'), cancel: t('prompts.form.cancel'), done: t('prompts.deleted') }}
        onConfirm={confirmDelete}
        onClose={page.stopDeleting}
        testId="prompt-delete-dialog"
      >
        <p>{t('prompts.confirmDelete', { name: page.deleting?.name ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
