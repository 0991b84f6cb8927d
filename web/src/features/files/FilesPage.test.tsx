import type { FileListSummary, FileListView } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin, me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { FilesPage } from './FilesPage';

const names = () => screen.queryAllByTestId('file-list-row-name').map((n) => n.textContent);
const summary = (id: number, name: string, optionsCount = 0): FileListSummary => ({ id, name, message: 'm', optionsCount });

function feed(payload: Record<string, unknown>, seq: number) {
  FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${me.companyId}-file`, payload });
}

describe('file lists page', () => {
  let lists: FileListSummary[];
  beforeEach(() => {
    FakeWebSocket.install();
    lists = [summary(1, 'Catálogo', 2), summary(2, 'Tabela de preços')];
  });
  afterEach(() => vi.unstubAllGlobals());

  const saved: FileListView = {
    id: 7,
    name: 'Fotos',
    message: 'Veja as fotos',
    options: [
      { id: 70, name: 'Capa', path: null, mediaType: null, mime: null, fileName: null, url: null },
      { id: 71, name: 'Verso', path: null, mediaType: null, mime: null, fileName: null, url: null },
    ],
  };
  const withFile = (optionId: number, fileName: string): FileListView => ({
    ...saved,
    options: saved.options.map((o) => (o.id === optionId ? { ...o, path: `/public/1/${fileName}`, mediaType: 'image', mime: 'image/png', fileName, url: `/public/1/${fileName}?exp=1&sig=x` } : o)),
  });

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/files') {
        const search = (url.searchParams.get('searchParam') ?? '').toLowerCase();
        return { body: { files: lists.filter((f) => f.name.toLowerCase().includes(search)), hasMore: false } };
      }
      if (call.method === 'POST' && url.pathname === '/files') return { status: 201, body: saved };
      if (call.method === 'POST' && url.pathname === '/files/uploadList/7') {
        const optionId = Number((call.body as FormData).get('id'));
        return { body: withFile(optionId, ((call.body as FormData).get('files') as File).name) };
      }
      if (call.method === 'DELETE' && url.pathname === '/files/2') return { body: { message: 'File list deleted' } };
      return { status: 404, body: { error: 'ERR_FILE_LIST_NOT_FOUND' } };
    });
  }
  const render = (user = admin) => renderSignedIn(<FilesPage />, { path: '/files', route: '/files', user });

  it('is for admins: an agent is told so and nothing is fetched', () => {
    const { calls } = serve();
    render(me);
    expect(screen.getByText('Only administrators keep file lists.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists the names, follows the file channel and deletes after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(names()).toEqual(['Catálogo', 'Tabela de preços']));
    expect(calls[0]?.url).toBe('/files?searchParam=&pageNumber=1');
    feed({ action: 'create', record: summary(3, 'Vídeos') }, 1);
    await waitFor(() => expect(names()).toEqual(['Vídeos', 'Catálogo', 'Tabela de preços']));
    feed({ action: 'delete', id: 1 }, 2);
    await waitFor(() => expect(names()).toEqual(['Vídeos', 'Tabela de preços']));

    const row = screen.getAllByTestId('file-list-row').find((r) => r.dataset.fileListId === '2')!;
    await userEvent.click(within(row).getByTestId('file-list-delete'));
    await userEvent.click(await screen.findByTestId('file-list-delete-dialog-confirm'));
    await waitFor(() => expect(names()).toEqual(['Vídeos']));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/files/2')).toBe(true);
  });

  it("checks the form by the contracts' rules, saves the list, then sends each option's file to its option", async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('file-list-add'));
    await userEvent.click(await screen.findByTestId('file-list-option-add'));
    await userEvent.click(screen.getByTestId('file-list-submit'));
    await screen.findByText('Name is required');
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByText('Option name is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByTestId('file-list-name'), 'Fotos');
    await userEvent.type(screen.getByTestId('file-list-message'), 'Veja as fotos');
    await userEvent.type(screen.getByTestId('file-list-option-name-0'), 'Capa');
    await userEvent.click(screen.getByTestId('file-list-option-add'));
    await userEvent.type(screen.getByTestId('file-list-option-name-1'), 'Verso');
    await userEvent.upload(screen.getByTestId('file-list-option-file-1'), new File(['png'], 'verso.png', { type: 'image/png' }));
    await userEvent.click(screen.getByTestId('file-list-submit'));

    await screen.findByText('File list saved.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]).toMatchObject({ url: '/files', body: { name: 'Fotos', message: 'Veja as fotos', options: [{ name: 'Capa' }, { name: 'Verso' }] } });
    // Only the option with a file sends one, to its own id.
    expect(posts).toHaveLength(2);
    expect(posts[1]!.url).toBe('/files/uploadList/7');
    expect((posts[1]!.body as FormData).get('id')).toBe('71');
    expect(((posts[1]!.body as FormData).get('files') as File).name).toBe('verso.png');
    await waitFor(() => expect(names()).toContain('Fotos'));
  });
});
