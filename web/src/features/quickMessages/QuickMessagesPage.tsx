import type { QuickMessage } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { userAtom } from '../../app/sessionAtoms';
import { quickMessagesApi } from './quickMessagesApi';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QuickMessageRow } from './QuickMessageRow';
import { useQuickMessageList } from './useQuickMessageList';
import './quickMessages.css';

/** /quick-messages: the company's general quick messages and the user's own, searched, added, changed and deleted. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const page = useListPage<QuickMessage>();
  const { search } = page;
  const { records, loading, loadMore, saved, removed } = useQuickMessageList(search);
  const admin = user?.profile === 'admin';

  const confirmDelete = async (record: QuickMessage) => {
    await quickMessagesApi.remove(record.id);
    removed(record.id);
  };

  const removal: RemoveWording = { confirm: t('quickMessages.delete'), cancel: t('quickMessages.form.cancel'), done: t('quickMessages.deleted') };
  return (
    <ListPage
      title={t('quickMessages.title')}
      search={{ text: page.text, onText: page.setText, label: t('quickMessages.search'), testId: 'quick-messages-search' }}
      add={{ text: t('quickMessages.add'), onClick: () => page.open(), testId: 'quick-message-add' }}
    >
      <PagedList items={records} loading={loading} loadMore={loadMore} cards empty={{ icon: 'flash', text: search ? t('quickMessages.noMatch') : t('quickMessages.empty') }} testId="quick-message-list">
        {records.map((q) => (
          <QuickMessageRow key={q.id} quickMessage={q} editable={admin || q.userId === user?.id} onEdit={page.open} onDelete={page.askDelete} />
        ))}
      </PagedList>
      {page.dialog?.isOpen && <QuickMessageDialog key={page.dialog.key} isOpen admin={admin} editing={page.dialog.editing} onSaved={saved} onClose={page.close} />}
      <ConfirmRemove record={page.deleting} words={removal} onConfirm={confirmDelete} onClose={page.stopDeleting} testId="quick-message-delete-dialog">
        <p>{t('quickMessages.confirmDelete', { shortcode: page.deleting?.shortcode ?? '' })}</p>
      </ConfirmRemove>
    </ListPage>
  );
}
