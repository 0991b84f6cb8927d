import type { FlowValidationError } from '@atendo/contracts';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../ui/toaster';
import { ApiError } from '../../../api/ApiError';

interface SaveProblemsProps {
  problems: FlowValidationError[];
  /** The block's name on the canvas, for the reason's heading. */
  labelOf(nodeId: string): string;
  onShow(nodeId: string): void;
  onDismiss(): void;
}

/** Why the server refused the save (ERR_FLOW_INVALID's details), each reason leading to its block. */
export function SaveProblems({ problems, labelOf, onShow, onDismiss }: SaveProblemsProps) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.DANGER} icon="error" title={t('flows.editor.refused')} className="flow-save-problems" data-testid="flow-save-problems">
      <ul>
        {problems.map((problem, index) => (
          <li key={index} data-testid="flow-save-problem">
            {problem.nodeId ? (
              <Button variant="minimal" size="small" text={labelOf(problem.nodeId)} onClick={() => onShow(problem.nodeId!)} />
            ) : (
              <strong>{t('flows.editor.wholeFlow')}</strong>
            )}
            {`: ${errorMessage(new ApiError(400, problem.code))} (${problem.message})`}
          </li>
        ))}
      </ul>
      <Button variant="minimal" icon="cross" aria-label={t('flows.dryRun.close')} className="flow-save-problems-close" onClick={onDismiss} />
    </Callout>
  );
}
