import type { Schedule, Whatsapp } from '@atendo/contracts';
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { parse } from 'date-fns/parse';
import { startOfWeek } from 'date-fns/startOfWeek';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { ptBR } from 'date-fns/locale/pt-BR';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useFeed } from '../../realtime/useFeed';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { toastError, toastSuccess } from '../../ui/toaster';
import { lookups } from '../../api/lookups';
import { applyScheduleFeed, calendarCulture, toEvent, visibleSpan, type ScheduleEvent } from './scheduleCalendar';
import type { ScheduleContact } from './ScheduleContactSearch';
import { ScheduleDialog } from './ScheduleDialog';
import { schedulesApi } from './schedulesApi';
import './schedules.css';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'pt-BR': ptBR, en: enUS, es } });
const VIEWS: View[] = ['month', 'week', 'day', 'agenda'];

interface DialogState {
  key: number;
  editing: Schedule | undefined;
  preset?: { contact?: ScheduleContact; sendAt?: Date };
}

/**
 * /schedules: a calendar (month, week, day, agenda) with one event per scheduled message at its send time, titled by
 * its contact and coloured by where it stands (pending, sent, send error). A click on an event opens it, on a free
 * slot adds one there; `?contactId=` opens the add dialog for that contact. Changes arrive live on `schedule`.
 */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<View>('month');
  const [schedules, setSchedules] = useState<Schedule[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [connections, setConnections] = useState<Whatsapp[]>([]);
  const [dialog, setDialog] = useState<DialogState>();
  const [deleting, setDeleting] = useState<Schedule>();
  const span = useMemo(() => visibleSpan(date), [date]);

  const open = useCallback((editing: Schedule | undefined, preset?: DialogState['preset']) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, editing, preset })), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    schedulesApi.range(span.start, span.end).then(
      (page) => {
        if (!live) return;
        setSchedules(page.schedules);
        setHasMore(page.hasMore);
        setLoading(false);
      },
      (error: unknown) => {
        if (live) setLoading(false);
        toastError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [span]);

  useEffect(() => {
    schedulesApi.connections().then(setConnections, () => setConnections([]));
  }, []);

  // `?contactId=`: the add dialog for that contact (the ticket's "schedule" action links here).
  const contactId = Number(params.get('contactId'));
  useEffect(() => {
    if (!Number.isInteger(contactId) || contactId <= 0) return;
    lookups.contact(contactId).then(
      (c) => open(undefined, { contact: { id: c.id, name: c.name, number: c.number } }),
      (error: unknown) => toastError(error),
    );
  }, [contactId, open]);

  useFeed('schedule', (payload) => setSchedules((list) => applyScheduleFeed(list, payload)));

  const events = useMemo(() => schedules.map((s) => toEvent(s, t('schedules.unknownContact'))), [schedules, t]);
  const saved = (schedule: Schedule) => setSchedules((list) => applyScheduleFeed(list, { action: 'update', schedule }));
  const close = () => {
    setDialog(undefined);
    if (params.has('contactId')) {
      params.delete('contactId');
      setParams(params, { replace: true });
    }
  };
  const confirmDelete = async (schedule: Schedule) => {
    await schedulesApi.remove(schedule.id);
    setSchedules((list) => applyScheduleFeed(list, { action: 'delete', scheduleId: schedule.id }));
    setDialog(undefined);
    toastSuccess(t('schedules.deleted'));
  };

  const messages = {
    today: t('schedules.calendar.today'),
    previous: t('schedules.calendar.previous'),
    next: t('schedules.calendar.next'),
    month: t('schedules.calendar.month'),
    week: t('schedules.calendar.week'),
    day: t('schedules.calendar.day'),
    agenda: t('schedules.calendar.agenda'),
    date: t('schedules.calendar.date'),
    time: t('schedules.calendar.time'),
    event: t('schedules.calendar.event'),
    allDay: t('schedules.calendar.allDay'),
    noEventsInRange: t('schedules.calendar.noEventsInRange'),
    showMore: (count: number) => t('schedules.calendar.showMore', { count }),
  };

  const removal: RemoveWording = { confirm: t('schedules.form.delete'), cancel: t('schedules.form.cancel') };
  return (
    <ListPage
      title={t('schedules.title')}
      tools={loading && <Spinner size={16} aria-label={t('schedules.loading')} />}
      add={{ text: t('schedules.add'), onClick: () => open(undefined), testId: 'schedule-add' }}
    >
      {hasMore && (
        <Callout intent={Intent.WARNING} className="schedules-too-many">
          {t('schedules.tooMany')}
        </Callout>
      )}
      <div className="schedules-calendar" data-testid="schedules-calendar">
        <Calendar<ScheduleEvent>
          localizer={localizer}
          culture={calendarCulture(i18n.language)}
          events={events}
          views={VIEWS}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          messages={messages}
          popup
          selectable
          onSelectSlot={(slot) => open(undefined, { sendAt: slot.start > new Date() ? slot.start : undefined })}
          onSelectEvent={(event) => open(event.schedule)}
          tooltipAccessor={(event) => `${event.title} — ${t(`schedules.status.${event.schedule.status}`)}${event.schedule.error ? `: ${event.schedule.error}` : ''}`}
          eventPropGetter={(event) => ({ className: `schedule-event schedule-event-${event.schedule.status.toLowerCase()}` })}
          components={{
            event: ({ event }) => (
              <span className="schedule-event-label" data-testid="schedule-event" data-status={event.schedule.status}>
                <span className="schedule-event-title">{event.title}</span>
                {event.schedule.status !== 'PENDENTE' && <span className="schedule-event-status"> · {t(`schedules.status.${event.schedule.status}`)}</span>}
              </span>
            ),
          }}
        />
      </div>
      {dialog && (
        <ScheduleDialog key={dialog.key} editing={dialog.editing} preset={dialog.preset} connections={connections} onSaved={saved} onDelete={setDeleting} onClose={close} />
      )}
      <ConfirmRemove record={deleting} words={removal} onConfirm={confirmDelete} onClose={() => setDeleting(undefined)} testId="schedule-delete-dialog">
        {t('schedules.confirmDelete', { name: deleting?.contact?.name ?? t('schedules.unknownContact') })}
      </ConfirmRemove>
    </ListPage>
  );
}
