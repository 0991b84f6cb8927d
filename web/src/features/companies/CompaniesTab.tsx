import type { Company } from '@atendo/contracts';
import { Button, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../app/sessionAtoms';
import { formatDate } from '../../ui/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadFailed } from '../../ui/LoadFailed';
import { TabRowActions, TabTable } from '../../ui/TabTable';
import { toastSuccess } from '../../ui/toaster';
import { useLoaded } from '../../ui/useLoaded';
import { companiesApi } from './companiesApi';
import { CompanyDialog } from './CompanyDialog';
import { dueDateTone } from './dueDateTone';

const COMPANY_COLUMNS = ['name', 'email', 'phone', 'plan', 'status', 'dueDate', 'recurrence', 'createdAt'] as const;

const readCompaniesAndPlans = () => Promise.all([companiesApi.list(), companiesApi.plans()]).then(([companies, plans]) => ({ companies, plans }));

type Editing = { company: Company | undefined } | undefined;
type Confirm = { kind: 'delete' | 'renew'; company: Company } | undefined;

/** The platform's companies (super users): list, add, edit, delete, and Expire (the due date moves one period on). */
export function CompaniesTab() {
  const { t } = useTranslation();
  const { value: loaded, setValue: setLoaded, failed, reload } = useLoaded(readCompaniesAndPlans);
  const companies = loaded?.companies;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [confirm, setConfirm] = useState<Confirm>();
  // The server refuses to delete the super user's own company.
  const ownCompanyId = useAtomValue(userAtom)?.companyId;
  const setCompanies = (change: (list: Company[]) => Company[]) => setLoaded((was) => was && { ...was, companies: change(was.companies) });

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (companies ?? []).filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.email.toLowerCase().includes(needle));
  }, [companies, search]);

  const put = (company: Company) =>
    setCompanies((list) => (list.some((c) => c.id === company.id) ? list.map((c) => (c.id === company.id ? company : c)) : [...list, company].sort((a, b) => a.name.localeCompare(b.name))));

  const confirmed = async () => {
    if (!confirm) return;
    const { kind, company } = confirm;
    if (kind === 'delete') {
      await companiesApi.remove(company.id);
      setCompanies((list) => list.filter((c) => c.id !== company.id));
      toastSuccess(t('companies.deleted'));
    } else {
      const renewed = await companiesApi.renew(company.id);
      put(renewed);
      toastSuccess(t('companies.renewed', { name: renewed.name, date: renewed.dueDate ? formatDate(renewed.dueDate) : '' }));
    }
  };

  if (failed) return <LoadFailed title={t('companies.loadFailed')} retryText={t('companies.retry')} onRetry={reload} retryTestId="companies-retry" />;
  if (!companies) return <Spinner className="settings-spinner" />;

  return (
    <div className="settings-panel" data-testid="companies-tab">
      <div className="settings-toolbar">
        <InputGroup
          className="settings-search"
          type="search"
          leftIcon="search"
          placeholder={t('companies.search')}
          aria-label={t('companies.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="companies-search"
        />
        <Button icon="add" intent={Intent.PRIMARY} text={t('companies.add')} onClick={() => setEditing({ company: undefined })} data-testid="companies-add" />
      </div>
      {shown.length === 0 ? (
        <NonIdealState icon="office" title={t(companies.length === 0 ? 'companies.empty' : 'companies.noMatch')} />
      ) : (
        <TabTable columns={COMPANY_COLUMNS.map((column) => t(`companies.columns.${column}`))} actionsLabel={t('companies.columns.actions')}>
          {shown.map((company) => {
            const tone = dueDateTone(company.dueDate);
            return (
              <tr key={company.id} className={tone ? `due-${tone}` : undefined} data-testid="company-row" data-company-id={company.id} data-due-tone={tone}>
                <td>{company.name}</td>
                <td>{company.email}</td>
                <td>{company.phone}</td>
                <td>{company.plan?.name ?? ''}</td>
                <td>
                  <Tag minimal intent={company.status ? Intent.SUCCESS : Intent.NONE}>
                    {t(company.status ? 'companies.active' : 'companies.inactive')}
                  </Tag>
                </td>
                <td title={tone ? t(`companies.dueTone.${tone}`) : undefined}>{company.dueDate ? formatDate(company.dueDate) : t('companies.noDueDate')}</td>
                <td>{t(`companies.recurrences.${company.recurrence}`)}</td>
                <td>{formatDate(company.createdAt)}</td>
                <TabRowActions>
                  <Button icon="edit" title={t('companies.edit')} aria-label={t('companies.edit')} onClick={() => setEditing({ company })} data-testid="company-edit" />
                  <Button icon="calendar" title={t('companies.renew')} aria-label={t('companies.renew')} onClick={() => setConfirm({ kind: 'renew', company })} data-testid="company-renew" />
                  <Button icon="trash" intent={Intent.DANGER} title={t('companies.delete')} aria-label={t('companies.delete')} disabled={company.id === ownCompanyId} onClick={() => setConfirm({ kind: 'delete', company })} data-testid="company-delete" />
                </TabRowActions>
              </tr>
            );
          })}
        </TabTable>
      )}
      {editing && (
        <CompanyDialog
          company={editing.company}
          plans={loaded?.plans ?? []}
          onClose={() => setEditing(undefined)}
          onSaved={(company) => {
            put(company);
            setEditing(undefined);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={confirm !== undefined}
        title={confirm?.kind === 'delete' ? t('companies.delete') : t('companies.renew')}
        intent={confirm?.kind === 'delete' ? Intent.DANGER : Intent.PRIMARY}
        icon={confirm?.kind === 'delete' ? 'trash' : 'calendar'}
        confirmText={confirm?.kind === 'delete' ? t('companies.delete') : t('companies.renew')}
        cancelText={t('companies.cancel')}
        onConfirm={confirmed}
        onClose={() => setConfirm(undefined)}
        testId="company-confirm"
      >
        <p>
          {confirm?.kind === 'delete'
            ? t('companies.deleteConfirm', { name: confirm.company.name })
            : confirm && t('companies.renewConfirm', { name: confirm.company.name, recurrence: t(`companies.recurrences.${confirm.company.recurrence}`) })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
