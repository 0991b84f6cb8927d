import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * For the page tests: what the prompts and the integrations pages are read and driven by. `kind` is the prefix of the
 * test ids (`prompt-row`, `prompt-row-name`, `prompt-edit`, `prompt-form`); `serve` answers the calls, `render` shows
 * the page to an admin.
 */
export function pageSteps<S>(kind: 'prompt' | 'integration', serve: () => S, render: () => unknown) {
  const names = () => screen.queryAllByTestId(`${kind}-row-name`).map((n) => n.textContent);
  const rowOf = (id: number) => screen.getAllByTestId(`${kind}-row`).find((r) => r.dataset[`${kind}Id`] === String(id))!;
  return {
    names,
    rowOf,
    /** The page, served, once its first two records are listed. */
    async listed(): Promise<S> {
      const served = serve();
      render();
      await waitFor(() => expect(names()).toHaveLength(2));
      return served;
    },
    async openEdit(id: number): Promise<void> {
      await userEvent.click(within(rowOf(id)).getByTestId(`${kind}-edit`));
      await screen.findByTestId(`${kind}-form`);
    },
  };
}
