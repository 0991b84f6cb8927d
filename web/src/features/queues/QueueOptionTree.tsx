import type { QueueOption } from '@atendo/contracts';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface QueueOptionTreeProps {
  options: QueueOption[];
  onAddChild(parent: QueueOption): void;
  onEdit(option: QueueOption): void;
  onDelete(option: QueueOption): void;
}

/** One level of a queue's menu, "<number>. <title>" with its buttons, and under each option its own options. */
export function QueueOptionTree({ options, ...actions }: QueueOptionTreeProps) {
  const { t } = useTranslation();
  return (
    <ul className="queue-options-tree">
      {options.map((option) => {
        const label = t('queues.options.label', { option: option.option, title: option.title });
        return (
          <li key={option.id} data-testid="queue-option" data-option-id={option.id}>
            <div className="queue-option-node">
              <span className="queue-option-label" title={option.message} data-testid="queue-option-label">
                {label}
              </span>
              <span className="queue-option-actions">
                  <Button
                    variant="minimal"
                    size="small"
                    icon="add"
                    aria-label={t('queues.options.addChild', { label })}
                    title={t('queues.options.addChild', { label })}
                    onClick={() => actions.onAddChild(option)}
                    data-testid="queue-option-add-child"
                  />
                  <Button
                    variant="minimal"
                    size="small"
                    icon="edit"
                    aria-label={t('queues.options.edit', { label })}
                    title={t('queues.options.edit', { label })}
                    onClick={() => actions.onEdit(option)}
                    data-testid="queue-option-edit"
                  />
                  <Button
                    variant="minimal"
                    size="small"
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('queues.options.delete', { label })}
                    title={t('queues.options.delete', { label })}
                    onClick={() => actions.onDelete(option)}
                    data-testid="queue-option-delete"
                  />
              </span>
            </div>
            {option.children.length > 0 && <QueueOptionTree options={option.children} {...actions} />}
          </li>
        );
      })}
    </ul>
  );
}
