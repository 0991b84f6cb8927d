import type { Message } from '@atendo/contracts';
import { Classes, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { parseVcards, telHref } from './vcard';

/** Shared contacts: a card per vCard with its name and phone numbers. */
export function VcardCard({ message }: { message: Message }) {
  const { t } = useTranslation();
  const contacts = parseVcards(message.body);
  if (contacts.length === 0) {
    return (
      <div className={`message-contact ${Classes.TEXT_MUTED}`}>
        <Icon icon="person" size={14} /> {t('messages.media.contactUnreadable')}
      </div>
    );
  }
  return (
    <div className="message-contacts">
      {contacts.map((contact, index) => (
        <div className="message-contact" data-testid="message-contact" key={index}>
          <div className="message-contact-name">
            <Icon icon="person" size={14} /> <strong>{contact.name || t('messages.media.unnamedContact')}</strong>
          </div>
          {contact.phones.map((phone, i) => (
            <a key={i} className="message-contact-phone" href={telHref(phone)}>
              {phone}
            </a>
          ))}
        </div>
      ))}
    </div>
  );
}
