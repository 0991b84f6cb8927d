import type { DryRunResult, DryRunStep } from '@atendo/contracts';
import { Button, Callout, Card, Classes, Drawer, DrawerSize, FormGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../ui/toaster';

interface DryRunPanelProps {
  isOpen: boolean;
  /** Plays the messages through the draft on the canvas (POST /flowbuilder/dry-run). */
  run(messages: string[]): Promise<DryRunResult>;
  labelOf(nodeId: string): string;
  /** Highlights blocks on the canvas. */
  onTrace(nodeIds: string[]): void;
  onClose(): void;
}

/** The editor's "Test": the designer types the contact's messages and sees, per message, the path and what would be sent. */
export function DryRunPanel({ isOpen, run, labelOf, onTrace, onClose }: DryRunPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [steps, setSteps] = useState<DryRunStep[]>();
  const [busy, setBusy] = useState(false);

  const play = async () => {
    setBusy(true);
    try {
      const messages = text.split('\n').filter((line) => line.trim() !== '');
      const result = await run(messages);
      setSteps(result.steps);
      onTrace(result.steps.flatMap((s) => s.path.map((p) => p.nodeId)));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const outcome = (step: DryRunStep) => {
    if (step.failed) return <Callout intent={Intent.DANGER} compact>{t('flows.dryRun.failed', { message: step.failed.message })}</Callout>;
    if (step.finished === 'end') return t('flows.dryRun.finishedEnd');
    if (step.finished === 'handedOver') return t('flows.dryRun.finishedHandedOver');
    if (step.finished === 'stopped') return t('flows.dryRun.finishedStopped');
    if (step.waiting === 'reply') return t('flows.dryRun.waitingReply');
    if (step.waiting === 'delay') return t('flows.dryRun.waitingDelay');
    if (step.waiting === 'effect') return t('flows.dryRun.waitingEffect');
    return null;
  };

  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('flows.dryRun.title')} icon="play" size={DrawerSize.SMALL} className="flow-dry-run" hasBackdrop={false} canOutsideClickClose={false} enforceFocus={false}>
      <div className="flow-dry-run-body" data-testid="flow-dry-run">
        <p className={Classes.TEXT_MUTED}>{t('flows.dryRun.hint')}</p>
        <FormGroup label={t('flows.dryRun.messages')} labelFor="flow-dry-run-messages">
          <TextArea id="flow-dry-run-messages" data-testid="flow-dry-run-messages" fill rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </FormGroup>
        <Button intent={Intent.PRIMARY} icon="play" text={t('flows.dryRun.run')} loading={busy} onClick={() => void play()} data-testid="flow-dry-run-run" />
        {steps?.map((step, index) => (
          <Card compact key={index} className="flow-dry-run-step" data-testid="flow-dry-run-step">
            <strong>{step.message === null ? t('flows.dryRun.start') : t('flows.dryRun.message', { message: step.message })}</strong>
            <div className="flow-dry-run-path" aria-label={t('flows.dryRun.path')}>
              {step.path.map((p, i) => (
                <Tag key={i} minimal round>
                  {labelOf(p.nodeId)}
                </Tag>
              ))}
            </div>
            <div className={Classes.TEXT_SMALL}>{t('flows.dryRun.sent')}:</div>
            {step.sent.length === 0 ? (
              <div className={Classes.TEXT_MUTED}>{t('flows.dryRun.nothingSent')}</div>
            ) : (
              <ul className="flow-dry-run-sent">
                {step.sent.map((m, i) => (
                  <li key={i} data-testid="flow-dry-run-sent">
                    {m.kind === 'text' ? m.body : t('flows.dryRun.media', { mediaType: m.mediaType, url: m.url })}
                  </li>
                ))}
              </ul>
            )}
            <div className={Classes.TEXT_SMALL}>{outcome(step)}</div>
            <Button variant="minimal" size="small" icon="eye-open" text={t('flows.dryRun.showPath')} onClick={() => onTrace(step.path.map((p) => p.nodeId))} />
          </Card>
        ))}
      </div>
    </Drawer>
  );
}
