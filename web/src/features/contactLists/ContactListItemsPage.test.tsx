import type { ContactListImportReport, ContactListItem } from '@atendo/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { ContactListItemsPage } from './ContactListItemsPage';

const item = (id: number, name: string, number: string, isWhatsappValid: boolean | null): ContactListItem => ({
  id,
  name,
  number,
  email: '',
  isWhatsappValid,
  companyId: admin.companyId,
  contactListId: 7,
});

/** An XMLHttpRequest whose upload progress and answer the test drives. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe("a contact list's contacts page", () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/contact-lists/7') return { body: { id: 7, name: 'Clientes VIP', contactsCount: 2 } };
      if (url.pathname === '/contact-list-items') return { body: { contacts: [item(1, 'Ana', '5511900000001', true), item(2, 'Bruno', '5511900000002', null)], hasMore: false } };
      return { status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } };
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = () => renderSignedIn(<ContactListItemsPage />, { path: '/contact-lists/7/contacts', route: '/contact-lists/:contactListId/contacts', user: admin });
  const verdict = (id: number) => screen.getByTestId(`contact-list-item-whatsapp-${id}`).dataset.state;

  it("shows the list's name and each contact's WhatsApp verdict, which the feed updates", async () => {
    render();
    await waitFor(() => expect(screen.getByTestId('contact-list-title').textContent).toBe('Clientes VIP'));
    await waitFor(() => expect(verdict(2)).toBe('unknown'));
    expect(verdict(1)).toBe('valid');
    act(() => FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-ContactListItem`, payload: { action: 'update', record: item(2, 'Bruno', '5511900000002', false) } }));
    await waitFor(() => expect(verdict(2)).toBe('invalid'));
    expect(screen.getByTestId('contact-list-item-whatsapp-2').getAttribute('aria-label')).toBe('Has no WhatsApp');
  });

  it('a reload the feed asked for before a search was typed fetches the searched contacts, not the whole list', async () => {
    const asked: string[] = [];
    fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/contact-lists/7') return { body: { id: 7, name: 'Clientes VIP', contactsCount: 2 } };
      if (url.pathname === '/contact-list-items') {
        const search = url.searchParams.get('searchParam') ?? '';
        asked.push(search);
        const all = [item(1, 'Ana', '5511900000001', true), item(2, 'Bruno', '5511900000002', null)];
        return { body: { contacts: all.filter((i) => i.name.toLowerCase().includes(search.toLowerCase())), hasMore: false } };
      }
      return { status: 404, body: { error: 'ERR_CONTACT_LIST_NOT_FOUND' } };
    });
    render();
    await waitFor(() => expect(screen.getAllByTestId(/^contact-list-item-row-/)).toHaveLength(2));
    // An import's "fetch again" arrives, and the search is typed before it fires (it waits up to a second).
    act(() => FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-ContactListItem`, payload: { action: 'reload', contactListId: 7 } }));
    await userEvent.type(screen.getByTestId('contact-list-items-search'), 'bruno');
    await waitFor(() => expect(asked.at(-1)).toBe('bruno'));
    await new Promise((r) => setTimeout(r, 1_200));
    expect(asked.filter((s) => s === '').length).toBe(1);
    expect(screen.getAllByTestId(/^contact-list-item-row-/).map((r) => r.textContent?.includes('Bruno'))).toEqual([true]);
  });

  it('imports a spreadsheet: the bar follows the bytes sent, then the report lists each row that was not added', async () => {
    render();
    await userEvent.click(await screen.findByTestId('contact-list-import'));
    const file = new File(['xlsx'], 'clientes.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await userEvent.upload(screen.getByTestId('contact-list-import-file'), file);
    await userEvent.click(screen.getByTestId('contact-list-import-send'));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/contact-lists/7/upload');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => xhr.progress(40, 100));
    expect(screen.getByTestId('contact-list-import-progress').textContent).toContain('Sending the file… 40%');
    act(() => xhr.progress(100, 100));
    expect(screen.getByTestId('contact-list-import-progress').textContent).toContain('Reading the spreadsheet');
    const report: ContactListImportReport = {
      contactListId: 7,
      total: 3,
      added: 1,
      duplicates: 1,
      invalid: 1,
      rows: [
        { row: 2, outcome: 'added', name: 'Carla', number: '5511900000003', itemId: 3 },
        { row: 3, outcome: 'invalid', name: 'D', number: '5511900000004', code: 'ERR_VALIDATION', details: [{ path: 'name', message: 'validation.tooShort', params: { min: 2 } }] },
        { row: 4, outcome: 'duplicate', name: 'Ana', number: '5511900000001', code: 'ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS' },
      ],
    };
    act(() => xhr.answer(200, report));
    await waitFor(() => expect(screen.getByTestId('contact-list-import-summary').textContent).toBe('1 added, 1 already in the list, 1 invalid, of 3 rows.'));
    const rows = within(screen.getByTestId('contact-list-import-rows')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['3D5511900000004Invalid Name: must have at least 2 characters', '4Ana5511900000001Duplicate This list already has a contact with this number.']);
  });

  it('a file that is not a spreadsheet is refused with its reason, and another can be chosen', async () => {
    render();
    await userEvent.click(await screen.findByTestId('contact-list-import'));
    await userEvent.upload(screen.getByTestId('contact-list-import-file'), new File(['old'], 'antiga.xls'));
    await userEvent.click(screen.getByTestId('contact-list-import-send'));
    act(() => FakeXhr.last.answer(400, { error: 'ERR_SPREADSHEET_XLS', message: 'Old .xls' }));
    await waitFor(() => expect(screen.getByTestId('contact-list-import-file')).toBeTruthy());
    expect(await screen.findByText('Old .xls spreadsheets are not read: save it as .xlsx or .csv.')).toBeTruthy();
  });
});
