import { Button, NonIdealState, Spinner, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { partsOf } from '../../app/parts';
import { useCan } from '../../app/useCan';
import { LoadFailed } from '../../ui/LoadFailed';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { useSettings } from './useSettings';
import './settings.css';

/**
 * /settings (spec §2): the company's options; its opening hours when scheduleType is `company`; and the tabs other
 * features bring (`settingsTabs`), each to who holds its permission: for the platform's super users, companies, plans
 * and help entries.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const settings = useSettings();
  const [selected, setSelected] = useState<TabId>('options');

  const brought = [...partsOf('settingsTabs')].sort((a, b) => a.order - b.order).filter((tab) => can(tab.permission));
  const schedules = settings.values?.scheduleType === 'company';
  const shown = (id: TabId) => id === 'options' || (id === 'schedules' && schedules) || brought.some((tab) => tab.id === id);
  // A tab that goes away (another admin switched scheduleType) leaves the user on the options.
  const current = shown(selected) ? selected : 'options';

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
        onChange={setSelected}
        renderActiveTabPanelOnly
      >
        <Tab id="options" title={t('settings.tabs.options')} panel={options} data-testid="settings-tab-options" />
        {schedules && <Tab id="schedules" title={t('settings.tabs.schedules')} panel={<SchedulesTab />} data-testid="settings-tab-schedules" />}
        {brought.map(({ id, panel: Panel }) => (
          <Tab
            key={id}
            id={id}
            title={t(`settings.tabs.${id}` as 'settings.tabs.options')}
            panel={
              <Suspense fallback={<Spinner className="settings-spinner" />}>
                <Panel />
              </Suspense>
            }
            data-testid={`settings-tab-${id}`}
          />
        ))}
      </Tabs>
    </div>
  );
}
