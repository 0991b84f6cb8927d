import { describe, expect, it } from 'vitest';
import { menuEntries } from './menu';
import { SHELL_ICONS } from './shellIcons';

describe('the shell icons in the first chunk', () => {
  it("hold every side-menu entry's icon, each with its paths", () => {
    for (const entry of menuEntries()) expect(SHELL_ICONS[16].get(entry.icon), `${entry.path}: ${entry.icon}`).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it("hold the inbox's empty state in 20 px", () => {
    expect(SHELL_ICONS[20].has('inbox')).toBe(true);
  });

  it("hold the top bar's", () => {
    for (const icon of ['menu', 'feed', 'offline', 'announcement', 'notifications', 'moon', 'flash', 'volume-up', 'refresh', 'user', 'caret-down', 'more']) {
      expect(SHELL_ICONS[16].has(icon), icon).toBe(true);
    }
  });
});
