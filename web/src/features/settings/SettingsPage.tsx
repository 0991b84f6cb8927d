import { Spinner, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompaniesTab } from '../companies/CompaniesTab';
import { HelpsTab } from '../helps/HelpsTab';
import { PlansTab } from '../plans/PlansTab';
import { useCan } from '../../app/useCan';
import { LoadFailed } from '../../ui/LoadFailed';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useSettings } from './useSettings';
import './settings.css';

type SettingsTab = 'options' | 'schedules' | 'companies' | 'plans' | 'helps';

/**
 * /settings (spec §2): the company's options; its opening hours when scheduleType is `company`; and, for the
 * platform's super users, companies, plans and help entries.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const settings = useSettings();
  const [selected, setSelected] = useState<SettingsTab>('options');

  const shown: Record<SettingsTab, boolean> = {
    options: true,
    schedules: settings.values?.scheduleType === 'company',
    companies: can('companies:manage'),
    plans: can('plans:manage'),
    helps: can('helps:manage'),
  };
  // A tab that goes away (another admin switched scheduleType) leaves the user on the options.
  const current = shown[selected] ? selected : 'options';

  let options;
  if (settings.values) {
    options = <OptionsTab values={settings.values} saving={settings.saving} editable={can('settings:manage')} onChange={(key, value) => void settings.change(key, value)} />;
  } else if (settings.failed) {
    options = <LoadFailed title={t('settings.loadFailed')} retryText={t('settings.retry')} onRetry={settings.load} retryTestId="settings-retry" />;
  } else {
    options = <Spinner className="settings-spinner" />;
  }

  return (
    <div className="shell-page settings-page" data-testid="page">
      <Tabs
        id="settings-tabs"
        className="fill-tabs settings-tabs"
        selectedTabId={current}
        onChange={(id: TabId) => setSelected(id as SettingsTab)}
        renderActiveTabPanelOnly
      >
        <Tab id="options" title={t('settings.tabs.options')} panel={options} data-testid="settings-tab-options" />
        {shown.schedules && <Tab id="schedules" title={t('settings.tabs.schedules')} panel={<SchedulesTab />} data-testid="settings-tab-schedules" />}
        {shown.companies && <Tab id="companies" title={t('settings.tabs.companies')} panel={<CompaniesTab />} data-testid="settings-tab-companies" />}
        {shown.plans && <Tab id="plans" title={t('settings.tabs.plans')} panel={<PlansTab />} data-testid="settings-tab-plans" />}
        {shown.helps && <Tab id="helps" title={t('settings.tabs.helps')} panel={<HelpsTab />} data-testid="settings-tab-helps" />}
      </Tabs>
    </div>
  );
}
