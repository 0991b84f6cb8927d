/** Placeholder while the page is written. */
export function SettingsPage() {
  return <div className="shell-page" data-testid="page" />;
}
