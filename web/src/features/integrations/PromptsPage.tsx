import type { Prompt } from '@atendo/contracts';
import { Button, H3, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastSuccess } from '../../ui/toaster';
import { useCan } from '../../app/useCan';
import { PromptDialog } from './PromptDialog';
import { PromptTable } from './PromptTable';
import { promptsApi } from './promptsApi';
import { usePlanGuard } from './usePlanGuard';
import { usePrompts } from './usePrompts';
import './prompts.css';

/** /prompts (admins, plans with useOpenAi): the company's OpenAI assistants; add, edit and delete. */
export function PromptsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const access = usePlanGuard('useOpenAi', t('prompts.planRefused'));
  if (!can('drawer-admin-items:view')) return <Closed icon="lock" text={t('prompts.noPermission')} />;
  if (access === 'refused') return <Closed icon="lock" text={t('prompts.planRefused')} />;
  if (access === 'loading') return <Closed icon={<Spinner size={32} />} />;
  return <PromptsManager />;
}

function Closed({ icon, text }: { icon: 'lock' | JSX.Element; text?: string }) {
  return (
    <div className="shell-page" data-testid="page">
      <NonIdealState icon={icon} description={text} />
    </div>
  );
}

function PromptsManager() {
  const { t } = useTranslation();
  const { prompts, loading, apply } = usePrompts();
  // The dialog is remounted for each opening (`key`), so it starts from the prompt it was opened on.
  const [dialog, setDialog] = useState<{ key: number; editingId: number | undefined }>();
  const [deleting, setDeleting] = useState<Prompt>();
  const open = (editingId: number | undefined) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editingId }));

  const confirmDelete = async () => {
    const prompt = deleting;
    if (!prompt) return;
    await promptsApi.remove(prompt.id);
    apply({ action: 'delete', promptId: prompt.id });
    toastSuccess(t('prompts.deleted'));
  };

  return (
    <div className="shell-page prompts-page" data-testid="page">
      <div className="prompts-header">
        <H3 className="prompts-heading">{t('prompts.title')}</H3>
        <Button intent={Intent.PRIMARY} icon="add" text={t('prompts.add')} onClick={() => open(undefined)} data-testid="prompt-add" />
      </div>
      <PromptTable prompts={prompts} loading={loading} onEdit={(p) => open(p.id)} onDelete={setDeleting} />
      {dialog && <PromptDialog key={dialog.key} editingId={dialog.editingId} onSaved={(prompt) => apply({ action: 'update', prompt })} onClose={() => setDialog(undefined)} />}
      <ConfirmDialog
        isOpen={!!deleting}
        title={t('prompts.deleteTitle')}
        confirmText={t('prompts.delete')}
        cancelText={t('prompts.form.cancel')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
        testId="prompt-delete-dialog"
      >
        <p>{t('prompts.confirmDelete', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
