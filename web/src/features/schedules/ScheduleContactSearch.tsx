import type { Contact } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { RemoteSuggest } from '../../ui/RemoteSuggest';
import { lookups } from '../../api/lookups';

/** The contact a schedule is for, as the picker shows it. */
export type ScheduleContact = Pick<Contact, 'id' | 'name' | 'number'>;

interface ScheduleContactSearchProps {
  id: string;
  selected: ScheduleContact | null;
  onSelect(contact: ScheduleContact | null): void;
  error?: string;
}

/** Picks the contact a schedule is for, searched by name or number (GET /contacts). */
export function ScheduleContactSearch({ id, selected, onSelect, error }: ScheduleContactSearchProps) {
  const { t } = useTranslation();
  return (
    <RemoteSuggest<ScheduleContact>
      id={id}
      testId="schedule-contact"
      optionTestId="schedule-contact-option"
      selected={selected}
      onSelect={onSelect}
      search={lookups.contacts}
      text={(contact) => contact.name}
      label={(contact) => contact.number}
      icon={() => 'person'}
      placeholder={t('schedules.form.contactPlaceholder')}
      clearLabel={t('schedules.form.clearContact')}
      error={error}
      emptyText={({ tooShort, searching }) => (tooShort ? t('schedules.form.typeMore') : searching ? t('schedules.form.searching') : t('schedules.form.noContacts'))}
    />
  );
}
