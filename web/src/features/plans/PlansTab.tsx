import type { Plan } from '@atendo/contracts';
import { Button, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { LoadFailed } from '../../ui/LoadFailed';
import { TabRowActions, TabTable } from '../../ui/TabTable';
import { useLoaded } from '../../ui/useLoaded';
import { consolePlanFlagNames, planFlagLabel } from '../../app/planFlags';
import { PlanDialog } from './PlanDialog';
import { formatMoney } from './planForm';
import { plansApi } from './plansApi';

type Editing = { plan: Plan | undefined } | undefined;

const PLAN_COLUMNS = ['name', 'users', 'connections', 'queues', 'value', 'features'] as const;

const byValue = (a: Plan, b: Plan) => a.value - b.value || a.name.localeCompare(b.name);

/** The platform's plans (super users): list, add, edit, delete (refused while a company is on the plan). */
export function PlansTab() {
  const { t, i18n } = useTranslation();
  const { value: plans, setValue: setPlans, failed, reload } = useLoaded(plansApi.list);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<Plan>();

  const remove = async (plan: Plan) => {
    // A refusal (ERR_PLAN_IN_USE among others) is worded by the catalogue.
    await plansApi.remove(plan.id);
    setPlans((list = []) => list.filter((p) => p.id !== plan.id));
  };

  if (failed) return <LoadFailed title={t('plans.loadFailed')} retryText={t('plans.retry')} onRetry={reload} retryTestId="plans-retry" />;
  if (!plans) return <Spinner className="settings-spinner" />;

  const removal: RemoveWording = { confirm: t('plans.delete'), cancel: t('plans.cancel'), done: t('plans.deleted') };
  return (
    <div className="settings-panel" data-testid="plans-tab">
      <div className="settings-toolbar">
        <Button icon="add" intent={Intent.PRIMARY} text={t('plans.add')} onClick={() => setEditing({ plan: undefined })} data-testid="plans-add" />
      </div>
      {plans.length === 0 ? (
        <NonIdealState icon="box" title={t('plans.empty')} />
      ) : (
        <TabTable columns={PLAN_COLUMNS.map((column) => t(`plans.columns.${column}`))} actionsLabel={t('plans.columns.actions')}>
          {plans.map((plan) => (
            <tr key={plan.id} data-testid="plan-row" data-plan-id={plan.id}>
              <td>{plan.name}</td>
              <td>{plan.users}</td>
              <td>{plan.connections}</td>
              <td>{plan.queues}</td>
              <td>{formatMoney(plan.value, i18n.language)}</td>
              <td className="plan-features">
                {consolePlanFlagNames()
                  .filter((flag) => plan[flag])
                  .map((flag) => (
                    <Tag key={flag} minimal>
                      {planFlagLabel(flag, i18n.language)}
                    </Tag>
                  ))}
              </td>
              <TabRowActions>
                <Button icon="edit" title={t('plans.edit')} aria-label={t('plans.edit')} onClick={() => setEditing({ plan })} data-testid="plan-edit" />
                <Button icon="trash" intent={Intent.DANGER} title={t('plans.delete')} aria-label={t('plans.delete')} onClick={() => setDeleting(plan)} data-testid="plan-delete" />
              </TabRowActions>
            </tr>
          ))}
        </TabTable>
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
      <ConfirmRemove record={deleting} words={removal} onConfirm={remove} onClose={() => setDeleting(undefined)} testId="plan-confirm">
        <p>{deleting && t('plans.deleteConfirm', { name: deleting.name })}</p>
      </ConfirmRemove>
    </div>
  );
}
