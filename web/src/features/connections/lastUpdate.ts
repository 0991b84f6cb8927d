const pad = (n: number) => String(n).padStart(2, '0');

/** The connections table's last update: dd/MM/yy HH:mm (spec §2), in the browser's time zone. */
export function formatLastUpdate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
