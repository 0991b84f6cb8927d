import { TICKET_COUNT_CAP, type Ticket } from '@atendo/contracts';
import { Button, Intent, Switch, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../app/useCan';
import { NewTicketDialog } from './NewTicketDialog';
import { ticketAction } from './ticketActions';
import { TicketList } from './TicketList';
import { TicketSearch } from './TicketSearch';
import { useTicketAction } from './useTicketAction';
import './ticketsManager.css';

type MainTab = 'open' | 'closed' | 'search';
type OpenTab = 'assigned' | 'pending';

/** A list's count: the server counts up to a cap, and says more with one past it. */
const countLabel = (count: number) => (count > TICKET_COUNT_CAP ? `${TICKET_COUNT_CAP}+` : count);

/** The attendance lists: open (assigned and pending, with counts, and a new ticket), closed, and search. */
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
  const [creating, setCreating] = useState(false);

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

  /** A new ticket is open and ours: it goes to the assigned list, and on screen. */
  const created = (ticket: Ticket) => {
    setCreating(false);
    setOpenTab('assigned');
    navigate(`/tickets/${ticket.uuid}`);
  };

  const openPanel = (
    <>
      <div className="tickets-toolbar">
        <Button
          icon="plus"
          intent={Intent.PRIMARY}
          variant="outlined"
          text={t('tickets.newTicket.button')}
          title={t('tickets.newTicket.buttonTitle')}
          onClick={() => setCreating(true)}
          data-testid="new-ticket"
        />
        {can('tickets-manager:showall') && (
          <Switch
            className="tickets-show-all"
            label={t('tickets.showAll')}
            checked={showAll}
            onChange={(event) => setShowAll(event.currentTarget.checked)}
            data-testid="tickets-show-all"
          />
        )}
      </div>
      <Tabs
        id="open-tickets"
        className="fill-tabs"
        selectedTabId={openTab}
        onChange={(id: TabId) => setOpenTab(id as OpenTab)}
      >
        <Tab
          id="assigned"
          title={t('tickets.tabs.assigned')}
          tagContent={countLabel(assignedCount)}
          data-testid="tab-assigned"
          panel={<TicketList query={{ status: 'open', showAll }} onCountChange={setAssignedCount} {...listProps} />}
        />
        <Tab
          id="pending"
          title={t('tickets.tabs.pending')}
          tagContent={countLabel(pendingCount)}
          data-testid="tab-pending"
          panel={<TicketList query={{ status: 'pending', showAll }} onCountChange={setPendingCount} {...listProps} />}
        />
      </Tabs>
    </>
  );

  return (
    <>
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
      <NewTicketDialog isOpen={creating} onClose={() => setCreating(false)} onCreated={created} />
    </>
  );
}
