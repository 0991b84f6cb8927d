import type { Ticket } from '@atendo/contracts';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_ACTIONS, type TicketAction } from './ticketActions';
import { useTicketAction } from './useTicketAction';

interface TicketActionsProps {
  ticket: Ticket;
  /** Called after an action that keeps the ticket on screen. */
  onChanged(): void;
}

export function TicketActions({ ticket, onChanged }: TicketActionsProps) {
  const { t } = useTranslation();
  const runAction = useTicketAction();
  const [running, setRunning] = useState<TicketAction['id']>();

  const run = async (action: TicketAction) => {
    setRunning(action.id);
    const done = await runAction(ticket, action);
    setRunning(undefined);
    if (done && action.then === 'stay') onChanged();
  };

  return (
    <ButtonGroup>
      {TICKET_ACTIONS.filter((action) => action.from === ticket.status).map((action) => (
        <Button
          key={action.id}
          icon={action.icon}
          intent={action.intent}
          text={t(`tickets.actions.${action.id}`)}
          loading={running === action.id}
          disabled={running !== undefined}
          data-testid={`ticket-${action.id}`}
          onClick={() => void run(action)}
        />
      ))}
    </ButtonGroup>
  );
}
