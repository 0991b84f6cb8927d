import type { Help } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { HelpsTab } from './HelpsTab';
import { help } from './fixtures';

const rows = () => screen.queryAllByTestId('help-row');
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

describe('settings: helps tab', () => {
  let list: Help[];
  let refuse: { status: number; body: unknown } | undefined;

  beforeEach(() => {
    FakeWebSocket.install();
    list = [help(1, { title: 'Alpha', video: 'aaa', description: 'First' }), help(2, { title: 'Beta' })];
    refuse = undefined;
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/helps/list') return { body: list };
      if (refuse) return refuse;
      const fields = call.body as Partial<Help>;
      if (call.method === 'POST' && call.url === '/helps') return { status: 201, body: help(9, fields) };
      const id = Number(call.url.split('/').pop());
      const found = list.find((h) => h.id === id);
      if (call.method === 'PUT' && found) return { body: { ...found, ...fields } };
      if (call.method === 'DELETE' && found) return { body: { message: 'Help deleted' } };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = async () => {
    renderSignedIn(<HelpsTab />, { path: '/settings', route: '/settings' });
    await waitFor(() => expect(rows()).toHaveLength(2));
  };

  it('lists the entries with their video code and description', async () => {
    serve();
    await render();
    expect(within(rows()[0]!).getByText('Alpha')).toBeTruthy();
    expect(within(rows()[0]!).getByText('aaa')).toBeTruthy();
    expect(within(rows()[0]!).getByText('First')).toBeTruthy();
  });

  it('adds an entry: sends the trimmed fields, shows it in the list and empties the form', async () => {
    const { calls } = serve();
    await render();

    await userEvent.type(screen.getByTestId('help-title'), '  Gamma  ');
    await userEvent.type(screen.getByTestId('help-video'), 'ggg');
    await userEvent.type(screen.getByTestId('help-description'), 'Third one');
    await userEvent.click(screen.getByTestId('help-submit'));

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', url: '/helps', body: { title: 'Gamma', video: 'ggg', description: 'Third one' } }]));
    await waitFor(() => expect(rows().map((r) => r.dataset.helpId)).toEqual(['1', '2', '9']));
    expect(screen.getByTestId<HTMLInputElement>('help-title').value).toBe('');
  });

  it('refuses a blank title with the schema rule, sending nothing', async () => {
    const { calls } = serve();
    await render();

    await userEvent.type(screen.getByTestId('help-title'), '   ');
    await userEvent.click(screen.getByTestId('help-submit'));

    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('edits an entry: fills the form and sends only what changed', async () => {
    const { calls } = serve();
    await render();

    await userEvent.click(within(rows()[0]!).getByTestId('help-edit'));
    const title = screen.getByTestId<HTMLInputElement>('help-title');
    expect(title.value).toBe('Alpha');
    expect(screen.getByTestId<HTMLInputElement>('help-video').value).toBe('aaa');
    await userEvent.clear(title);
    await userEvent.type(title, 'Alpha 2');
    await userEvent.click(screen.getByTestId('help-submit'));

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', url: '/helps/1', body: { title: 'Alpha 2' } }]));
    await waitFor(() => expect(within(rows()[0]!).getByText('Alpha 2')).toBeTruthy());
    expect(screen.getByTestId<HTMLInputElement>('help-title').value).toBe('');
  });

  it('keeps what was typed when the server refuses, with the refused field marked', async () => {
    const { calls } = serve();
    await render();
    refuse = { status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'video', rule: 'tooLong', message: 'must have at most 255 characters' }] } };

    await userEvent.type(screen.getByTestId('help-title'), 'Delta');
    await userEvent.type(screen.getByTestId('help-video'), 'ddd');
    await userEvent.click(screen.getByTestId('help-submit'));

    expect(await screen.findByText('Video code must have at most 255 characters')).toBeTruthy();
    expect(await screen.findByText('Some fields are missing or invalid. Check them and try again.')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('help-title').value).toBe('Delta');
    expect(writes(calls)).toHaveLength(1);
  });

  it('deletes an entry only after confirmation', async () => {
    const { calls } = serve();
    await render();

    await userEvent.click(within(rows()[1]!).getByTestId('help-delete'));
    expect(await screen.findByText('Delete the help entry "Beta"? This cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('help-delete-dialog-cancel'));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(rows()[1]!).getByTestId('help-delete'));
    await userEvent.click(await screen.findByTestId('help-delete-dialog-confirm'));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/helps/2', body: undefined }]));
    await waitFor(() => expect(rows().map((r) => r.dataset.helpId)).toEqual(['1']));
  });
});
