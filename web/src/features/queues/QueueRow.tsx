import type { Queue } from '@atendo/contracts';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';

interface QueueRowProps {
  queue: Queue;
  /** The edit and delete buttons (queues:manage). */
  showActions: boolean;
  onEdit(queue: Queue): void;
  onDelete(queue: Queue): void;
}

/** One queue of the table: id, name, colour, order, greeting (cut to one line), and its edit and delete buttons. */
export function QueueRow({ queue, showActions, onEdit, onDelete }: QueueRowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid="queue-row" data-queue-id={queue.id}>
      <td className={Classes.TEXT_MUTED}>{queue.id}</td>
      <td>
        <strong data-testid="queue-row-name">{queue.name}</strong>
      </td>
      <td>
        <span className="queue-color" data-testid="queue-row-color">
          <span className="queue-color-swatch" style={{ backgroundColor: queue.color }} aria-hidden />
          <code>{queue.color}</code>
        </span>
      </td>
      <td data-testid="queue-row-order">{queue.orderQueue ?? ''}</td>
      <td>
        <span className="queue-greeting" title={queue.greetingMessage} data-testid="queue-row-greeting">
          {queue.greetingMessage}
        </span>
      </td>
      {showActions && (
        <td className="list-page-actions">
          <EditDeleteButtons
            editLabel={t('queues.edit', { name: queue.name })}
            deleteLabel={t('queues.delete', { name: queue.name })}
            onEdit={() => onEdit(queue)}
            onDelete={() => onDelete(queue)}
            testIdPrefix="queue"
          />
        </td>
      )}
    </tr>
  );
}
