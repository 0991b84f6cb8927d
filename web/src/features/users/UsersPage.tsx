/** Placeholder while the page is written. */
export function UsersPage() {
  return <div className="shell-page" data-testid="page" />;
}
