import type { Prompt } from '@atendo/contracts';
import { Button, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BotHealthTag } from './BotHealthTag';

interface PromptTableProps {
  prompts: Prompt[];
  loading: boolean;
  onEdit(prompt: Prompt): void;
  onDelete(prompt: Prompt): void;
}

/** The prompts (spec: name, queue, max tokens, actions), each with its health when its calls fail. */
export function PromptTable({ prompts, loading, onEdit, onDelete }: PromptTableProps) {
  const { t } = useTranslation();
  if (prompts.length === 0) return loading ? <Spinner size={32} className="prompts-spinner" /> : <NonIdealState icon="predictive-analysis" title={t('prompts.empty')} />;
  return (
    <div className="prompts-table-scroll">
      <HTMLTable striped className="prompts-table" data-testid="prompts-table">
        <thead>
          <tr>
            <th>{t('prompts.columns.name')}</th>
            <th>{t('prompts.columns.queue')}</th>
            <th className="prompts-col-number">{t('prompts.columns.maxTokens')}</th>
            <th className="prompts-col-actions">{t('prompts.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
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
              <td className="prompts-col-actions">
                <Button variant="minimal" icon="edit" aria-label={t('prompts.edit')} title={t('prompts.edit')} onClick={() => onEdit(prompt)} data-testid="prompt-edit" />
                <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={t('prompts.delete')} title={t('prompts.delete')} onClick={() => onDelete(prompt)} data-testid="prompt-delete" />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
