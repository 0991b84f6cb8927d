import type { Ticket } from '@atendo/contracts';
import { Classes, Drawer, H5, Position } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { TicketNotes } from './TicketNotes';
import './contactDrawer.css';

interface ContactDrawerProps {
  isOpen: boolean;
  ticket: Ticket;
  onClose(): void;
}

/** Spec §2: the contact's side drawer, 320 px wide (the whole width on a phone): how to reach them, and the ticket's notes. */
export function ContactDrawer({ isOpen, ticket, onClose }: ContactDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 599px)');
  const { contact } = ticket;
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={contact.name} icon="person" position={Position.RIGHT} size={phone ? '100%' : 320}>
      <div className={`${Classes.DRAWER_BODY} contact-drawer`} data-testid="contact-drawer">
        <dl className="contact-drawer-details">
          <dt className={Classes.TEXT_MUTED}>{t('tickets.contact.number')}</dt>
          <dd>
            <a href={`tel:${contact.number}`}>{contact.number}</a>
          </dd>
          {contact.email && (
            <>
              <dt className={Classes.TEXT_MUTED}>{t('tickets.contact.email')}</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </>
          )}
        </dl>
        <section className="contact-drawer-notes" aria-labelledby="contact-drawer-notes-title">
          <H5 id="contact-drawer-notes-title">{t('tickets.notes.title')}</H5>
          <TicketNotes ticket={ticket} />
        </section>
      </div>
    </Drawer>
  );
}
