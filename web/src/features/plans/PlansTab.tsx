import { PLAN_FEATURES, type Plan } from '@atendo/contracts';
import { Button, ButtonGroup, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toastError, toastSuccess } from '../../ui/toaster';
import { PlanDialog } from './PlanDialog';
import { formatMoney } from './planForm';
import { plansApi } from './plansApi';

type Editing = { plan: Plan | undefined } | undefined;

const byValue = (a: Plan, b: Plan) => a.value - b.value || a.name.localeCompare(b.name);

/** The platform's plans (super users): list, add, edit, delete (refused while a company is on the plan). */
export function PlansTab() {
  const { t, i18n } = useTranslation();
  const [plans, setPlans] = useState<Plan[]>();
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Plan>();

  const load = useCallback(() => {
    setFailed(false);
    plansApi.list().then(setPlans, (error: unknown) => {
      setFailed(true);
      toastError(error);
    });
  }, []);
  useEffect(load, [load]);

  const remove = async () => {
    if (!deleting) return;
    // A refusal (ERR_PLAN_IN_USE among others) is worded by the catalogue.
    await plansApi.remove(deleting.id);
    setPlans((list = []) => list.filter((p) => p.id !== deleting.id));
    toastSuccess(t('plans.deleted'));
  };

  if (failed) {
    return (
      <NonIdealState icon="error" title={t('plans.loadFailed')} action={<Button icon="refresh" text={t('plans.retry')} onClick={load} data-testid="plans-retry" />} />
    );
  }
  if (!plans) return <Spinner className="settings-spinner" />;

  return (
    <div className="settings-panel" data-testid="plans-tab">
      <div className="settings-toolbar">
        <Button icon="add" intent={Intent.PRIMARY} text={t('plans.add')} onClick={() => setEditing({ plan: undefined })} data-testid="plans-add" />
      </div>
      {plans.length === 0 ? (
        <NonIdealState icon="box" title={t('plans.empty')} />
      ) : (
        <div className="settings-table-scroll">
          <HTMLTable className="settings-table" compact striped interactive>
            <thead>
              <tr>
                <th>{t('plans.columns.name')}</th>
                <th>{t('plans.columns.users')}</th>
                <th>{t('plans.columns.connections')}</th>
                <th>{t('plans.columns.queues')}</th>
                <th>{t('plans.columns.value')}</th>
                <th>{t('plans.columns.features')}</th>
                <th className="settings-row-actions">{t('plans.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {plans.map((plan) => (
                <tr key={plan.id} data-testid="plan-row" data-plan-id={plan.id}>
                  <td>{plan.name}</td>
                  <td>{plan.users}</td>
                  <td>{plan.connections}</td>
                  <td>{plan.queues}</td>
                  <td>{formatMoney(plan.value, i18n.language)}</td>
                  <td className="plan-features">
                    {PLAN_FEATURES.filter((flag) => plan[flag]).map((flag) => (
                      <Tag key={flag} minimal>
                        {t(`plans.features.${flag}`)}
                      </Tag>
                    ))}
                  </td>
                  <td className="settings-row-actions">
                    <ButtonGroup variant="minimal">
                      <Button icon="edit" title={t('plans.edit')} aria-label={t('plans.edit')} onClick={() => setEditing({ plan })} data-testid="plan-edit" />
                      <Button icon="trash" intent={Intent.DANGER} title={t('plans.delete')} aria-label={t('plans.delete')} onClick={() => setDeleting(plan)} data-testid="plan-delete" />
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {editing && (
        <PlanDialog
          plan={editing.plan}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setPlans((list = []) => [...list.filter((p) => p.id !== saved.id), saved].sort(byValue));
            setEditing(undefined);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('plans.delete')}
        confirmText={t('plans.delete')}
        cancelText={t('plans.cancel')}
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
        testId="plan-confirm"
      >
        <p>{deleting && t('plans.deleteConfirm', { name: deleting.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
