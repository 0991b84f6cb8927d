/** Placeholder while the settings page's helps tab is written. */
export function HelpsTab() {
  return <div data-testid="helps-tab" />;
}
