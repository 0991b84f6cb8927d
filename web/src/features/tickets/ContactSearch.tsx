import type { Contact } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { RemoteSuggest } from '../../ui/RemoteSuggest';
import { lookups } from '../../api/lookups';

interface ContactSearchProps {
  id: string;
  selected: Contact | null;
  onSelect(contact: Contact | null): void;
  error?: string;
}

const HAS_DIGIT = /\d/;

/** Picks the contact a new ticket is for, searched by name or number (GET /contacts). */
export function ContactSearch({ id, selected, onSelect, error }: ContactSearchProps) {
  const { t } = useTranslation();
  return (
    <RemoteSuggest<Contact>
      id={id}
      testId="new-ticket-contact"
      optionTestId="new-ticket-contact-option"
      selected={selected}
      onSelect={onSelect}
      search={lookups.contacts}
      text={(contact) => contact.name}
      label={(contact) => (contact.isGroup ? t('tickets.newTicket.group') : contact.number)}
      icon={(contact) => (contact.isGroup ? 'people' : 'person')}
      placeholder={t('tickets.newTicket.contactPlaceholder')}
      clearLabel={t('tickets.newTicket.clearContact')}
      error={error}
      emptyText={({ tooShort, searching, searchParam }) => {
        if (tooShort) return t('tickets.newTicket.typeMore');
        if (searching) return t('tickets.newTicket.searching');
        // A name nobody has: contacts come in when customers write (adding one here comes with a later issue).
        return HAS_DIGIT.test(searchParam) ? t('tickets.newTicket.noContacts') : t('tickets.newTicket.mustExist', { name: searchParam });
      }}
    />
  );
}
