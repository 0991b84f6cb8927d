import type { Ticket } from '@atendo/contracts';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastError } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';
import type { TicketAction } from './ticketActions';
import { ticketsApi } from './ticketsApi';

/** Runs a ticket action as the signed-in user and moves the view as the spec says; resolves to whether it worked. */
export function useTicketAction(): (ticket: Ticket, action: TicketAction) => Promise<boolean> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useAtomValue(userAtom)?.id;
  return useCallback(
    async (ticket, action) => {
      if (me === undefined) return false;
      try {
        await ticketsApi.update(ticket.id, action.change(me));
      } catch (error) {
        toastError(error);
        return false;
      }
      const target = action.then === 'stay' ? `/tickets/${ticket.uuid}` : '/tickets';
      navigate(target, { replace: target === pathname });
      return true;
    },
    [me, navigate, pathname],
  );
}
