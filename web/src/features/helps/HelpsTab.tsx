import type { Help } from '@atendo/contracts';
import { Classes, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { HelpForm } from './HelpForm';
import { helpsApi } from './helpsApi';
import { useHelps } from './useHelps';
import './helps.css';

const byTitle = (a: Help, b: Help) => a.title.localeCompare(b.title);

/** The settings page's helps tab (super users): the help entries, a form to add or change one, and deletion. */
export function HelpsTab() {
  const { t } = useTranslation();
  const { helps, setHelps, loading } = useHelps();
  const [editing, setEditing] = useState<Help>();
  const [deleting, setDeleting] = useState<Help>();

  const saved = (help: Help) => {
    setHelps((list) => [...list.filter((h) => h.id !== help.id), help].sort(byTitle));
    setEditing(undefined);
  };

  const confirmDelete = async (help: Help) => {
    await helpsApi.remove(help.id);
    setHelps((list) => list.filter((h) => h.id !== help.id));
    if (editing?.id === help.id) setEditing(undefined);
  };

  const removal: RemoveWording = { confirm: t('helps.delete'), cancel: t('helps.form.cancel'), done: t('helps.deleted') };
  return (
    <div className="helps-tab" data-testid="helps-tab">
      <HelpForm key={editing?.id ?? 'new'} editing={editing} onSaved={saved} onCancel={() => setEditing(undefined)} />
      {loading && helps.length === 0 ? (
        <Spinner size={24} />
      ) : helps.length === 0 ? (
        <NonIdealState icon="video" title={t('helps.empty')} />
      ) : (
        <div className="helps-table-scroll">
          <HTMLTable striped compact className="helps-table" data-testid="helps-table">
            <thead>
              <tr>
                <th>{t('helps.form.title')}</th>
                <th className="helps-table-code">{t('helps.form.video')}</th>
                <th className="helps-table-description">{t('helps.form.description')}</th>
                <th aria-label={t('helps.actions')} />
              </tr>
            </thead>
            <tbody>
              {helps.map((help) => (
                <tr key={help.id} data-testid="help-row" data-help-id={help.id} className={editing?.id === help.id ? 'helps-row-editing' : undefined}>
                  <td>{help.title}</td>
                  <td className="helps-table-code">{help.video}</td>
                  <td className={`helps-table-description ${Classes.TEXT_MUTED}`}>{help.description}</td>
                  <td className="helps-table-actions">
                    <EditDeleteButtons editLabel={t('helps.edit')} deleteLabel={t('helps.delete')} onEdit={() => setEditing(help)} onDelete={() => setDeleting(help)} testIdPrefix="help" />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <ConfirmRemove record={deleting} words={removal} onConfirm={confirmDelete} onClose={() => setDeleting(undefined)} testId="help-delete-dialog">
        <p>{t('helps.confirmDelete', { title: deleting?.title ?? '' })}</p>
      </ConfirmRemove>
    </div>
  );
}
