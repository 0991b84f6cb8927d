/** Placeholder while the page is written. */
export function HelpsPage() {
  return <div className="shell-page" data-testid="page" />;
}
