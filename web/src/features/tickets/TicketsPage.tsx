import { Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { TicketChat } from './TicketChat';
import { TicketsManager } from './TicketsManager';
import { Welcome } from './Welcome';

type NarrowTab = 'list' | 'ticket';

/** /tickets and /tickets/:ticketId (the ticket's uuid). Wide: list and chat side by side; under 600 px: two tabs. */
export function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const narrow = useMediaQuery('(max-width: 599px)');
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketId ? 'ticket' : 'list');

  useEffect(() => {
    setNarrowTab(ticketId ? 'ticket' : 'list');
  }, [ticketId]);

  const list = <TicketsManager selectedUuid={ticketId} />;
  const chat = ticketId ? <TicketChat key={ticketId} uuid={ticketId} /> : <Welcome />;

  if (narrow) {
    return (
      <Tabs
        id="tickets-narrow"
        className="fill-tabs tickets-page-narrow"
        selectedTabId={narrowTab}
        onChange={(id: TabId) => setNarrowTab(id as NarrowTab)}
      >
        <Tab id="ticket" title={t('tickets.tabs.ticket')} panel={chat} />
        <Tab id="list" title={t('tickets.tabs.list')} panel={list} />
      </Tabs>
    );
  }
  return (
    <div className="tickets-page">
      <aside className="tickets-side">{list}</aside>
      <main className="tickets-main">{chat}</main>
    </div>
  );
}
