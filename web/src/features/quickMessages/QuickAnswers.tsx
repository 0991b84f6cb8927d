import type { QuickMessage } from '@atendo/contracts';
import { Card } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../ui/toaster';
import type { MessageInputAddOn, MessageInputTarget } from '../feature';
import { matchingQuickAnswers, quickAnswerLabel, quickAnswerQuery } from './quickAnswers';
import { quickMessagesApi } from './quickMessagesApi';
import type { QuickAnswerSource } from './useQuickAnswerSource';
import './quickMessages.css';

/**
 * The message input's quick answers (spec: a leading slash with more than one character suggests the quick messages
 * whose shortcode matches). Arrow keys move, Enter or a click picks, Escape closes until the text changes. A picked
 * quick message's text goes in the box, its file (fetched behind the token) to the attachments. The suggestions list
 * shows above the input.
 */
export function useQuickAnswers(source: QuickAnswerSource | undefined, text: string, { setText, addFiles }: MessageInputTarget): MessageInputAddOn {
  const id = useId();
  const query = source ? quickAnswerQuery(text) : undefined;
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();

  useEffect(() => {
    if (query !== undefined) source?.request();
  }, [query, source]);
  useEffect(() => setActive(0), [query]);

  const options = useMemo(() => (query === undefined || !source ? [] : matchingQuickAnswers(source.records, query)), [query, source]);
  const open = options.length > 0 && dismissed !== text;
  const current = open ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (q: QuickMessage) => `${id}-option-${q.id}`;

  const pick = (quickMessage: QuickMessage) => {
    setDismissed(undefined);
    setText(quickMessage.message);
    if (quickMessage.mediaPath) quickMessagesApi.file(quickMessage).then((file) => addFiles([file]), toastError);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open) return false;
    switch (event.key) {
      case 'ArrowDown':
        setActive((a) => (Math.min(a, options.length - 1) + 1) % options.length);
        break;
      case 'ArrowUp':
        setActive((a) => (Math.min(a, options.length - 1) - 1 + options.length) % options.length);
        break;
      case 'Enter':
        if (event.shiftKey || event.nativeEvent.isComposing) return false;
        pick(current!);
        break;
      case 'Escape':
        setDismissed(text);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    onKeyDown,
    inputProps: {
      'aria-controls': open ? `${id}-list` : undefined,
      'aria-activedescendant': current ? optionId(current) : undefined,
      'aria-autocomplete': 'list' as const,
    },
    above: <QuickAnswers id={`${id}-list`} options={open ? options : []} active={current} optionId={optionId} onPick={pick} />,
  };
}

interface QuickAnswersProps {
  id: string;
  options: QuickMessage[];
  active: QuickMessage | undefined;
  optionId(quickMessage: QuickMessage): string;
  onPick(quickMessage: QuickMessage): void;
}

/** The suggestions list above the message input; nothing when there are none. */
function QuickAnswers({ id, options, active, optionId, onPick }: QuickAnswersProps) {
  const { t } = useTranslation();
  const activeId = active && optionId(active);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  if (options.length === 0) return null;
  return (
    <Card compact className="quick-answers-card" style={{ padding: 0 }}>
      <ul id={id} role="listbox" aria-label={t('quickMessages.suggestions.label')} className="quick-answers" data-testid="quick-answers">
        {options.map((q) => (
          <li
            key={q.id}
            id={optionId(q)}
            role="option"
            aria-selected={q.id === active?.id}
            className="quick-answers-option"
            title={q.message}
            // Keeps the focus in the text box.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(q)}
            data-testid="quick-answer"
          >
            {quickAnswerLabel(q)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
