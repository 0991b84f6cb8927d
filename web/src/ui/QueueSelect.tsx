import '@blueprintjs/select/lib/css/blueprint-select.css';
import type { QueueRef } from '@atendo/contracts';
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { queueTagProps } from './QueueTag';

interface QueueSelectProps {
  id?: string;
  queues: QueueRef[];
  selectedIds: number[];
  onChange(ids: number[]): void;
}

/** Picks any number of the company's queues; each chosen queue shows as a tag in its colour. */
export function QueueSelect({ id, queues, selectedIds, onChange }: QueueSelectProps) {
  const { t } = useTranslation();
  const selected = selectedIds.map((queueId) => queues.find((q) => q.id === queueId)).filter((q): q is QueueRef => q !== undefined);
  const toggle = (queue: QueueRef) =>
    onChange(selectedIds.includes(queue.id) ? selectedIds.filter((q) => q !== queue.id) : [...selectedIds, queue.id]);

  return (
    <div data-testid="user-queues">
      <MultiSelect<QueueRef>
        fill
        items={queues}
        selectedItems={selected}
        placeholder={t('users.queuesPlaceholder')}
        itemPredicate={(query, queue) => queue.name.toLowerCase().includes(query.trim().toLowerCase())}
        itemRenderer={(queue, { handleClick, handleFocus, modifiers, ref }) =>
          modifiers.matchesPredicate ? (
            <MenuItem
              key={queue.id}
              ref={ref}
              text={queue.name}
              icon={<span className="user-queue-swatch" style={{ backgroundColor: queue.color }} />}
              roleStructure="listoption"
              selected={selectedIds.includes(queue.id)}
              active={modifiers.active}
              disabled={modifiers.disabled}
              onClick={handleClick}
              onFocus={handleFocus}
              data-testid="queue-option"
            />
          ) : null
        }
        noResults={<MenuItem disabled roleStructure="listoption" text={t('users.noQueues')} />}
        tagRenderer={(queue) => queue.name}
        tagInputProps={{
          tagProps: (_value, index) => (selected[index] ? queueTagProps(selected[index]) : {}),
          inputProps: { id, 'aria-label': t('users.fields.queueIds') },
        }}
        onItemSelect={toggle}
        onRemove={toggle}
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        resetOnSelect
      />
    </div>
  );
}
