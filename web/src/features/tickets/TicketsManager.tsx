import type { Ticket } from '@atendo/contracts';
import { Switch, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../auth/useCan';
import { ticketAction } from './ticketActions';
import { TicketList } from './TicketList';
import { TicketSearch } from './TicketSearch';
import { useTicketAction } from './useTicketAction';

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'assigned' | 'pending';

/** The attendance lists: open (assigned and pending, with counts), closed, and search. */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const runAction = useTicketAction();
  const can = useCan();
  const [tab, setTab] = useState<MainTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('assigned');
  const [showAll, setShowAll] = useState(false);
  const [assignedCount, setAssignedCount] = useState(0);
  const [pendingCount, setPendingCount] = useState(0);

  const listProps = {
    selectedUuid,
    onOpen: (ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`),
    onAccept: async (ticket: Ticket) => {
      if (await runAction(ticket, ticketAction('accept'))) {
        setTab('open');
        setOpenTab('assigned');
      }
    },
  };

  const openPanel = (
    <>
      {can('tickets-manager:showall') && (
        <Switch
          className="tickets-show-all"
          label={t('tickets.showAll')}
          checked={showAll}
          onChange={(event) => setShowAll(event.currentTarget.checked)}
          data-testid="tickets-show-all"
        />
      )}
      <Tabs
        id="open-tickets"
        className="fill-tabs"
        selectedTabId={openTab}
        onChange={(id: TabId) => setOpenTab(id as OpenTab)}
      >
        <Tab
          id="assigned"
          title={t('tickets.tabs.assigned')}
          tagContent={assignedCount}
          data-testid="tab-assigned"
          panel={<TicketList query={{ status: 'open', showAll }} onCountChange={setAssignedCount} {...listProps} />}
        />
        <Tab
          id="pending"
          title={t('tickets.tabs.pending')}
          tagContent={pendingCount}
          data-testid="tab-pending"
          panel={<TicketList query={{ status: 'pending', showAll }} onCountChange={setPendingCount} {...listProps} />}
        />
      </Tabs>
    </>
  );

  return (
    <Tabs
      id="tickets"
      className="fill-tabs tickets-manager"
      selectedTabId={tab}
      onChange={(id: TabId) => setTab(id as MainTab)}
      renderActiveTabPanelOnly
    >
      <Tab id="open" icon="inbox" title={t('tickets.tabs.open')} data-testid="tab-open" panel={openPanel} />
      <Tab
        id="closed"
        icon="tick-circle"
        title={t('tickets.tabs.closed')}
        data-testid="tab-closed"
        panel={<TicketList query={{ status: 'closed', showAll: true }} {...listProps} />}
      />
      <Tab
        id="search"
        icon="search"
        title={t('tickets.tabs.search')}
        data-testid="tab-search"
        panel={<TicketSearch showAll={can('tickets-manager:showall')} onClear={() => setTab('open')} {...listProps} />}
      />
    </Tabs>
  );
}
