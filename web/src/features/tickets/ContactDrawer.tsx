import type { Ticket } from '@atendo/contracts';
import { Classes, Drawer, Position } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { partsOf } from '../../app/parts';
import { useMediaQuery } from '../../ui/useMediaQuery';
import './contactDrawer.css';

interface ContactDrawerProps {
  isOpen: boolean;
  ticket: Ticket;
  onClose(): void;
}

/**
 * Spec §2: the contact's side drawer, 320 px wide (the whole width on a phone): how to reach them, then the parts
 * other features show there (the ticket's notes).
 */
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
        {partsOf('contactDrawer').map((Part, index) => (
          <Suspense key={index} fallback={null}>
            <Part ticket={ticket} />
          </Suspense>
        ))}
      </div>
    </Drawer>
  );
}
