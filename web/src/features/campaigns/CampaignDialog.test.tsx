import type { CampaignView } from '@atendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { aConnection, admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CampaignDialog } from './CampaignDialog';
import { aCampaign } from './fixtures';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
const field = <E extends HTMLElement = HTMLInputElement>(id: string) => screen.getByTestId<E>(id);

describe('campaign dialog', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  function serve({ files = true } = {}) {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/whatsapp') return { body: [aConnection(1, { name: 'Main' }), aConnection(4, { name: 'Support line' })] };
      if (call.method === 'GET' && url.pathname === '/contact-lists/list') return { body: [{ id: 2, name: 'Customers', contactsCount: 3 }] };
      if (call.method === 'GET' && url.pathname === '/tags/list') return { body: [{ id: 5, name: 'vip', color: '#000000', kanban: 0, userId: null, ticketsCount: 0 }] };
      if (call.method === 'GET' && url.pathname === '/files')
        return files ? { body: { files: [{ id: 8, name: 'Catalogue', message: 'see', optionsCount: 1 }], hasMore: false } } : { status: 404, body: { error: 'ERR_NO_ROUTE' } };
      if (call.method === 'GET' && url.pathname === '/campaign-settings') return { body: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Acme' }] } };
      if (call.method === 'POST' && url.pathname === '/campaigns') return { status: 201, body: aCampaign(9, call.body as Partial<CampaignView>) };
      if (call.method === 'POST' && url.pathname === '/campaigns/9/media-upload') return { body: aCampaign(9, { mediaPath: 'media/promo.png', mediaName: 'promo.png' }) };
      if (call.method === 'DELETE' && url.pathname === '/campaigns/4/media-upload') return { body: aCampaign(4, { status: 'CANCELADA', mediaPath: null, mediaName: null }) };
      if (call.method === 'PUT' && url.pathname.startsWith('/campaigns/')) return { body: aCampaign(Number(url.pathname.split('/')[2]), call.body as Partial<CampaignView>) };
      return { status: 404, body: { error: 'ERR_CAMPAIGN_NOT_FOUND' } };
    });
  }

  const render = (editing: CampaignView | undefined, onSaved = vi.fn(), onClose = vi.fn()) => {
    renderSignedIn(<CampaignDialog editing={editing} onSaved={onSaved} onClose={onClose} />, { path: '/campaigns', route: '/campaigns', user: admin });
    return { onSaved, onClose };
  };

  it('has five message tabs, the contact placeholders and the settings variables to insert', async () => {
    serve();
    render(undefined);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await waitFor(() => expect(screen.getAllByTestId('campaign-placeholder').map((c) => c.textContent)).toEqual(['{nome}', '{email}', '{numero}', '{loja}']));
    await userEvent.click(tabs[2]!);
    await userEvent.type(field<HTMLTextAreaElement>('campaign-message3'), 'Hi ');
    await userEvent.click(screen.getAllByTestId('campaign-placeholder')[0]!);
    expect(field<HTMLTextAreaElement>('campaign-message3').value).toBe('Hi {nome}');
  });

  it('refuses a campaign without name or connection and sends nothing', async () => {
    const { calls } = serve();
    render(undefined);
    await userEvent.click(field('campaign-submit'));
    expect(await screen.findByText(/^Name /)).toBeTruthy();
    expect(screen.getByText(/^Connection /)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a campaign with the chosen connection, list, no tag ("None"), file list, schedule and messages', async () => {
    const { calls } = serve();
    const { onSaved, onClose } = render(undefined);
    await userEvent.type(field('campaign-name'), ' Black Friday ');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Support line' })).toBeTruthy());
    await userEvent.selectOptions(field('campaign-whatsappId'), 'Support line');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Customers' })).toBeTruthy());
    await userEvent.selectOptions(field('campaign-contactListId'), 'Customers');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Catalogue' })).toBeTruthy());
    await userEvent.selectOptions(field('campaign-fileListId'), 'Catalogue');
    const tagSelect = field<HTMLSelectElement>('campaign-tagId');
    expect(tagSelect.options[tagSelect.selectedIndex]!.text).toBe('None');
    await userEvent.type(field('campaign-scheduledAt'), '2099-05-01T10:30');
    await userEvent.type(field<HTMLTextAreaElement>('campaign-message1'), 'Olá');
    await userEvent.click(screen.getAllByRole('tab')[1]!);
    await userEvent.type(field<HTMLTextAreaElement>('campaign-message2'), 'Oi');
    await userEvent.click(field('campaign-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      url: '/campaigns',
      body: {
        name: 'Black Friday',
        whatsappId: 4,
        contactListId: 2,
        tagId: null,
        fileListId: 8,
        scheduledAt: new Date('2099-05-01T10:30').toISOString(),
        message1: 'Olá',
        message2: 'Oi',
        message3: '',
        message4: '',
        message5: '',
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]![0].id).toBe(9);
    expect(await screen.findByText('Campaign saved.')).toBeTruthy();
  });

  it('lists no file list when the file lists route is missing', async () => {
    serve({ files: false });
    render(undefined);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Customers' })).toBeTruthy());
    expect(Array.from(field<HTMLSelectElement>('campaign-fileListId').options).map((o) => o.text)).toEqual(['None']);
  });

  it('shows a campaign that may not be changed read-only: every field disabled, no save, no placeholders', async () => {
    serve();
    render(aCampaign(3, { status: 'EM_ANDAMENTO', editable: false, message2: 'second' }));
    expect(screen.getByTestId('campaign-readonly')).toBeTruthy();
    for (const id of ['campaign-name', 'campaign-whatsappId', 'campaign-contactListId', 'campaign-tagId', 'campaign-fileListId', 'campaign-scheduledAt', 'campaign-message1']) {
      expect(field(id).disabled, id).toBe(true);
    }
    expect(screen.queryByTestId('campaign-submit')).toBeNull();
    expect(screen.queryByTestId('campaign-placeholders')).toBeNull();
    expect(screen.queryByTestId('campaign-file')).toBeNull();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    await userEvent.click(screen.getAllByRole('tab')[1]!);
    expect(field<HTMLTextAreaElement>('campaign-message2').value).toBe('second');
    expect(field<HTMLTextAreaElement>('campaign-message2').disabled).toBe(true);
  });

  it('still saves a cancelled campaign (the server says it is editable)', async () => {
    const { calls } = serve();
    render(aCampaign(4, { status: 'CANCELADA', editable: true, name: 'Stopped' }));
    expect(screen.queryByTestId('campaign-readonly')).toBeNull();
    await userEvent.clear(field('campaign-name'));
    await userEvent.type(field('campaign-name'), 'Stopped again');
    await userEvent.click(field('campaign-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', url: '/campaigns/4', body: { name: 'Stopped again', whatsappId: 1, contactListId: 2 } });
  });

  it('sends the chosen attachment once the campaign is saved, in the field file', async () => {
    const { calls } = serve();
    const { onSaved } = render(undefined);
    await userEvent.type(field('campaign-name'), 'Com anexo');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Main' })).toBeTruthy());
    await userEvent.selectOptions(field('campaign-whatsappId'), 'Main');
    await userEvent.upload(field('campaign-file'), new File(['png'], 'promo.png', { type: 'image/png' }));
    await userEvent.click(field('campaign-submit'));
    await waitFor(() => expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /campaigns', 'POST /campaigns/9/media-upload']));
    expect((writes(calls)[1]!.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(onSaved.mock.calls.at(-1)![0].mediaName).toBe('promo.png'));
  });

  it('removes the attachment a campaign has', async () => {
    const { calls } = serve();
    render(aCampaign(4, { status: 'CANCELADA', mediaPath: 'media/old.pdf', mediaName: 'old.pdf' }));
    expect(screen.getByTestId('campaign-media-name').textContent).toBe('old.pdf');
    await userEvent.click(screen.getByTestId('campaign-media-remove'));
    await waitFor(() => expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /campaigns/4/media-upload']));
    await waitFor(() => expect(screen.queryByTestId('campaign-media-name')).toBeNull());
  });
});
