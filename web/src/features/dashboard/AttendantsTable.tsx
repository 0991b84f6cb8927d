import { Classes, HTMLTable, Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RATING_MAX, type DashboardAttendant } from '@atendo/contracts/dashboard';
import { formatMinutes, formatNumber } from './figures';

/** An average rating as three stars (a star lit from half a point up), and the figure beside them; 0: none rated. */
function Rating({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  const shown = value > 0 ? formatNumber(value, i18n.language, 1) : t('dashboard.noValue');
  const said = value > 0 ? t('dashboard.attendants.ratingValue', { value: shown }) : t('dashboard.attendants.notRated');
  return (
    <span className="dashboard-rating" role="img" aria-label={said} title={said}>
      {Array.from({ length: DASHBOARD_RATING_MAX }, (_, i) => (
        <Icon key={i} icon={value >= i + 0.5 ? 'star' : 'star-empty'} size={14} className={value >= i + 0.5 ? 'dashboard-star-lit' : 'dashboard-star'} />
      ))}
      <span className="dashboard-rating-figure">{shown}</span>
    </span>
  );
}

/** Each attendant of the period: name, rating, average support time, tickets, and whether online now. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t, i18n } = useTranslation();
  if (attendants.length === 0) return <p className={Classes.TEXT_MUTED}>{t('dashboard.attendants.none')}</p>;
  return (
    <div className="dashboard-table-scroll">
      <HTMLTable compact striped className="dashboard-table" data-testid="dashboard-attendants">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.attendants.name')}</th>
            <th scope="col">{t('dashboard.attendants.rating')}</th>
            <th scope="col">{t('dashboard.attendants.avgSupportTime')}</th>
            <th scope="col" className="dashboard-number">{t('dashboard.attendants.tickets')}</th>
            <th scope="col">{t('dashboard.attendants.status')}</th>
          </tr>
        </thead>
        <tbody>
          {attendants.map((attendant) => (
            <tr key={attendant.id} data-testid={`dashboard-attendant-${attendant.id}`}>
              <td>{attendant.name}</td>
              <td>
                <Rating value={attendant.rating} />
              </td>
              <td>{formatMinutes(attendant.avgSupportTime, t, i18n.language)}</td>
              <td className="dashboard-number">{attendant.tickets}</td>
              <td>
                <span className="dashboard-presence" data-online={attendant.online}>
                  <span className={`dashboard-dot ${attendant.online ? 'dashboard-dot-online' : ''}`} aria-hidden />
                  {attendant.online ? t('dashboard.attendants.online') : t('dashboard.attendants.offline')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
