import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useLatestRead } from '../../ui/useLatestRead';
import { userAtom } from '../../app/sessionAtoms';
import { kanbanApi } from './kanbanApi';
import { applyMessageFeed, applyTagFeed, applyTicketFeed, board, emptyBoard, laneOf, moveCard, OPEN_LANE, type KanbanState, type LaneId } from './kanbanBoard';

/** How long a moved card ignores the tag channel's word on it while the server's own entries catch up. */
const SETTLE_MS = 5_000;

const readBoard = () => Promise.all([kanbanApi.lanes(), kanbanApi.tickets()]);

const same = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * The kanban's lanes and cards, read together and kept up to date by the ticket, message and tag channels. `move`
 * drops a card on a lane as the spec says: the ticket's tags come off (DELETE /ticket-tags/{id}), then the lane's
 * tag goes on (PUT /ticket-tags/{id}/{tagId}), each told by a toast. The card moves at once; the channel's entries
 * for the two steps (which arrive after) do not send it back and forth.
 */
export function useKanban() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [state, setState] = useState<KanbanState>(emptyBoard);
  const { loading, reload: load } = useLatestRead(readBoard, (answer) => setState(board(...answer)));
  const current = useRef(state);
  current.current = state;
  // Cards being moved: the tags they will carry once the server is done (null: not yet known).
  const moving = useRef(new Map<number, number[] | null>());

  useFeed('ticket', (payload) => user && setState((s) => applyTicketFeed(s, payload, user)));
  useFeed('appMessage', (payload) => user && setState((s) => applyMessageFeed(s, payload, user)));
  useFeed('tag', (payload) => {
    if (payload.action === 'ticket' && moving.current.has(payload.ticketId)) {
      const expected = moving.current.get(payload.ticketId);
      if (!expected || !same(expected, payload.tagIds)) return;
      moving.current.delete(payload.ticketId);
    }
    setState((s) => applyTagFeed(s, payload));
  });
  useFeedReload(load);

  const move = useCallback(
    async (ticketId: number, to: LaneId) => {
      const before = current.current;
      if (laneOf(before, ticketId) === to) return;
      const had = before.tagIds[ticketId] ?? [];
      moving.current.set(ticketId, null);
      setState((s) => moveCard(s, ticketId, to));
      try {
        let tags = had;
        if (had.length > 0) {
          tags = (await kanbanApi.untag(ticketId)).tags.map((tag) => tag.id);
          toastSuccess(t('kanban.tagRemoved'));
        }
        if (to !== OPEN_LANE) {
          tags = (await kanbanApi.tag(ticketId, to)).tags.map((tag) => tag.id);
          toastSuccess(t('kanban.tagAdded'));
        }
        moving.current.set(ticketId, tags);
        setState((s) => ({ ...s, tagIds: { ...s.tagIds, [ticketId]: tags } }));
        setTimeout(() => {
          if (moving.current.get(ticketId) === tags) moving.current.delete(ticketId);
        }, SETTLE_MS);
      } catch (error) {
        moving.current.delete(ticketId);
        toastError(error);
        load();
      }
    },
    [load, t],
  );

  return { ...state, loading, reload: load, move };
}
