/** Placeholder while the page is written. */
export function AnnouncementsPage() {
  return <div className="shell-page" data-testid="page" />;
}
