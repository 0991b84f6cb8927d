import type { Prompt } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../ui/listPage/ListTable';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';
import { BotHealthTag } from './BotHealthTag';

interface PromptTableProps {
  prompts: Prompt[];
  onEdit(prompt: Prompt): void;
  onDelete(prompt: Prompt): void;
}

/** The prompts (spec: name, queue, max tokens, actions), each with its health when its calls fail. */
export function PromptTable({ prompts, onEdit, onDelete }: PromptTableProps) {
  const { t } = useTranslation();
  const columns = [
    { label: t('prompts.columns.name') },
    { label: t('prompts.columns.queue') },
    { label: t('prompts.columns.maxTokens'), className: 'prompts-col-number' },
    { label: t('prompts.columns.actions'), className: 'list-page-actions' },
  ];
  return (
    <ListTable columns={columns} testId="prompts-table">
      {prompts.map((prompt) => (
        <tr key={prompt.id} data-testid="prompt-row" data-prompt-id={prompt.id}>
          <td>
            <span className="prompts-row-name" data-testid="prompt-row-name">
              {prompt.name}
            </span>
            <BotHealthTag health={prompt.health} />
          </td>
          <td data-testid="prompt-row-queue">{prompt.queue?.name ?? ''}</td>
          <td className="prompts-col-number">{prompt.maxTokens}</td>
          <td className="list-page-actions">
            <EditDeleteButtons editLabel={t('prompts.edit')} deleteLabel={t('prompts.delete')} onEdit={() => onEdit(prompt)} onDelete={() => onDelete(prompt)} testIdPrefix="prompt" />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
