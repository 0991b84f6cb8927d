const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy (spec §9). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** HH:mm (spec §9). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** HH:mm for today, dd/MM/yyyy otherwise. */
export function formatListTime(iso: string, now = new Date()): string {
  return new Date(iso).toDateString() === now.toDateString() ? formatTime(iso) : formatDate(iso);
}
