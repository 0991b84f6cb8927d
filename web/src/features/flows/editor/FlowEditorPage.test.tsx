import type { FlowGraph } from '@atendo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../../test/fakeFetch';
import { FakeWebSocket } from '../../../test/fakeWebSocket';
import { admin } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/renderSignedIn';
import { BLOCKS, GRAPH, IMAGE } from './fixtures';
import { FlowEditorPage } from './FlowEditorPage';

const blocks = () => screen.queryAllByTestId('flow-block');
const block = (id: string) => blocks().find((b) => b.dataset.blockId === id)!;
const saves = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/flowbuilder/flow').map((c) => c.body as FlowGraph & { idFlow: number });
const lastSave = (calls: FakeCall[]) => saves(calls).at(-1)!;

describe('flow editor', () => {
  let saveAnswer: { status: number; body: unknown };

  beforeEach(() => {
    // reactflow measures blocks with ResizeObserver and reads the canvas's transform with DOMMatrixReadOnly; jsdom has
    // neither (and afterEach's unstubAllGlobals drops the setup's ResizeObserver stub).
    vi.stubGlobal('ResizeObserver', class {
      observe() {}
      unobserve() {}
      disconnect() {}
    });
    vi.stubGlobal('DOMMatrixReadOnly', class {
      m22 = 1;
    });
    FakeWebSocket.install();
    saveAnswer = { status: 201, body: { flow: { id: 5, name: 'Welcome', active: true, version: 2 }, version: 2 } };
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve(graph: FlowGraph | null = GRAPH) {
    return fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/flowbuilder/blocks') return { body: { blocks: [...BLOCKS, IMAGE] } };
      if (call.method === 'GET' && call.url === '/flowbuilder/flow/5') return { body: { flow: { id: 5, name: 'Welcome', active: true, version: 1, createdAt: '', updatedAt: '', flow: graph } } };
      if (call.method === 'GET' && call.url === '/queue') return { body: [{ id: 1, name: 'Sales' }, { id: 2, name: 'Billing' }] };
      if (call.method === 'POST' && call.url === '/flowbuilder/flow') return saveAnswer;
      if (call.method === 'POST' && call.url === '/flowbuilder/img') return { status: 201, body: { name: 'logo.png', url: 'flow/logo.png', mediaType: 'image' } };
      if (call.method === 'POST' && call.url === '/flowbuilder/dry-run') {
        return {
          body: {
            steps: [
              { message: null, path: [{ nodeId: '1', blockType: 'start' }, { nodeId: 'menu', blockType: 'menu' }], sent: [{ kind: 'text', body: 'Choose\n\n*1* - Sales', typingMs: 0 }], variables: {}, waiting: 'reply', finished: null, failed: null, handOver: null },
              { message: '1', path: [{ nodeId: 'menu', blockType: 'menu' }, { nodeId: 'hello', blockType: 'message' }], sent: [{ kind: 'text', body: 'Hello there', typingMs: 0 }], variables: {}, waiting: null, finished: 'end', failed: null, handOver: null },
            ],
          },
        };
      }
      return { status: 404, body: { error: 'ERR_FLOW_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<FlowEditorPage />, { path: '/flowbuilder/5', route: '/flowbuilder/:id?', user: admin });

  async function loaded() {
    await waitFor(() => expect(blocks()).toHaveLength(GRAPH.nodes.length), { timeout: 2000 });
  }

  async function addFromMenu(type: string) {
    await userEvent.click(screen.getByTestId('flow-add-block'));
    const items = await screen.findAllByTestId('flow-add-item');
    await userEvent.click(items.find((i) => i.dataset.blockType === type)!);
  }

  it('shows a spinner, loads half a second after opening, and draws every block from its descriptor — a plugin’s unknown to the console too', async () => {
    const { calls } = serve();
    render();
    expect(screen.getByText('Draw your flow')).toBeTruthy();
    expect(screen.getByText(/Don't forget to save your flow!/)).toBeTruthy();
    expect(screen.getByTestId('flow-editor-loading')).toBeTruthy();
    expect(calls).toEqual([]);
    await loaded();
    expect(calls.map((c) => c.url).sort()).toEqual(['/flowbuilder/blocks', '/flowbuilder/flow/5']);
    expect(screen.getByTestId('flow-editor-name').textContent).toBe('Welcome');

    expect(within(block('1')).getByTestId('flow-block-label').textContent).toBe('Start');
    expect(within(block('hello')).getByTestId('flow-block-label').textContent).toBe('Message');
    expect(within(block('hello')).getByText('Hello there')).toBeTruthy();
    // The plugin's label key has no text: its type name, readable.
    expect(within(block('call')).getByTestId('flow-block-label').textContent).toBe('Http request');
    // One output per port: a menu's option ports, then its own.
    const ports = (id: string) => within(block(id)).queryAllByTestId('flow-block-port').map((p) => p.dataset.port);
    expect(ports('menu')).toEqual(['option:1', 'option:2', 'invalid', 'timeout']);
    expect(ports('call')).toEqual(['success', 'error']);
    expect(ports('1')).toEqual(['default']);
    // The start block takes no input, the others one.
    expect(block('1').querySelector('.react-flow__handle.target')).toBeNull();
    expect(block('call').querySelectorAll('.react-flow__handle.target')).toHaveLength(1);
    expect(block('call').querySelector('.react-flow__handle.source[data-handleid="success"]')).not.toBeNull();
  });

  it('keeps the variables the blocks name in the browser storage', async () => {
    serve();
    render();
    await loaded();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('variables') ?? '[]')).toEqual(['status', 'name']));
  });

  it('lists every block the server knows in the add menu, the spec’s first', async () => {
    serve();
    render();
    await loaded();
    await userEvent.click(screen.getByTestId('flow-add-block'));
    const items = await screen.findAllByTestId('flow-add-item');
    expect(items.map((i) => i.dataset.blockType)).toEqual(['start', 'menu', 'ticket', 'question', 'message', 'http-request', 'img']);
    expect(items.map((i) => i.textContent)).toEqual(['Start', 'Menu', 'Ticket', 'Question', 'Message', 'Http request', 'Image']);
  });

  it('edits the unknown plugin’s block with a dialog built from its fields: select, text, list rows, secret kept masked, variable', async () => {
    const { calls } = serve();
    render();
    await loaded();
    fireEvent.doubleClick(block('call'));
    const form = await screen.findByTestId('flow-block-form');
    expect(screen.getByText('Edit Http request')).toBeTruthy();
    expect(within(form).getByText('Method')).toBeTruthy();
    expect(within(form).getByText('Headers')).toBeTruthy();
    expect(within(form).getByText('Timeout seconds')).toBeTruthy();

    await userEvent.selectOptions(screen.getByTestId('flow-field-method'), 'POST');
    const url = screen.getByTestId<HTMLInputElement>('flow-field-url');
    expect(url.value).toBe('https://shop.example/orders');
    await userEvent.type(url, '/');
    const hints = within(url.closest<HTMLElement>('.flow-field')!).getAllByTestId('flow-variable-hint');
    expect(hints.map((h) => h.textContent)).toEqual(['{{status}}', '{{name}}']);
    await userEvent.click(hints[1]!);

    expect(screen.getAllByTestId('flow-field-headers-item')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('flow-field-headers-add'));
    await userEvent.type(screen.getByTestId('flow-field-headers-1-name'), 'X-Shop');
    await userEvent.type(screen.getByTestId('flow-field-headers-1-value'), 'acme');
    await userEvent.click(screen.getAllByTestId('flow-field-headers-remove')[0]!);
    expect(screen.getAllByTestId('flow-field-headers-item')).toHaveLength(1);

    const token = screen.getByTestId<HTMLInputElement>('flow-field-token');
    expect(token.type).toBe('password');
    expect(token.value).toBe('••••abcd');
    expect(screen.getByText('Stored. Leave it as it is to keep it, or type a new one.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('flow-field-token-toggle'));
    expect(token.type).toBe('text');

    await userEvent.clear(screen.getByTestId('flow-field-timeoutSeconds'));
    await userEvent.type(screen.getByTestId('flow-field-timeoutSeconds'), '90');
    await userEvent.click(screen.getByTestId('flow-block-submit'));
    expect(await screen.findByText('Timeout seconds must be at most 60')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('flow-field-timeoutSeconds'));
    await userEvent.type(screen.getByTestId('flow-field-timeoutSeconds'), '30');
    await userEvent.click(screen.getByTestId('flow-block-submit'));
    await waitFor(() => expect(screen.queryByTestId('flow-block-form')).toBeNull());

    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls).nodes.find((n) => n.id === 'call')!.data).toEqual({
      method: 'POST',
      url: 'https://shop.example/orders/{{name}}',
      headers: [{ name: 'X-Shop', value: 'acme' }],
      body: '',
      jsonPath: '',
      token: '••••abcd',
      saveAs: 'status',
      timeoutSeconds: 30,
    });
  });

  it('adds a block to the right of the last one, at its height, 40 px after its width, with a random 30-character id', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await addFromMenu('message');
    expect(await screen.findByText('Add Message to the flow')).toBeTruthy();
    await userEvent.type(screen.getByTestId('flow-field-label'), 'Bye');
    await userEvent.click(screen.getByTestId('flow-block-submit'));
    await waitFor(() => expect(blocks()).toHaveLength(GRAPH.nodes.length + 1));

    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const added = lastSave(calls).nodes.at(-1)!;
    // The last block ("ask") is at 900,300; blocks are 240 px wide until the canvas measures them.
    expect(added).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{30}$/), type: 'message', position: { x: 900 + 240 + 40, y: 300 }, data: { label: 'Bye', typingMs: 1000 } });
  });

  it('re-adding the start block replaces the one with id "1"', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await addFromMenu('start');
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const starts = lastSave(calls).nodes.filter((n) => n.type === 'start');
    expect(starts).toEqual([{ id: '1', type: 'start', position: { x: 1180, y: 300 }, data: { label: 'Inicio do fluxo' } }]);
    expect(lastSave(calls).connections).toContainEqual({ source: '1', sourceHandle: 'default', target: 'menu' });
  });

  it('duplicates a block 240 px right of the rightmost block', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await userEvent.click(within(block('hello')).getByTestId('flow-block-duplicate'));
    await waitFor(() => expect(blocks()).toHaveLength(GRAPH.nodes.length + 1));
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const copy = lastSave(calls).nodes.at(-1)!;
    expect(copy.id).not.toBe('hello');
    expect(copy).toMatchObject({ type: 'message', position: { x: 900 + 240, y: -100 }, data: { label: 'Hello there', typingMs: 1000 } });
  });

  it('deleting a block removes every connection touching it', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await userEvent.click(within(block('call')).getByTestId('flow-block-delete'));
    await waitFor(() => expect(blocks()).toHaveLength(GRAPH.nodes.length - 1));
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls).idFlow).toBe(5);
    expect(lastSave(calls).nodes.map((n) => n.id)).toEqual(['1', 'menu', 'hello', 'ask']);
    expect(lastSave(calls).connections).toEqual([
      { source: '1', sourceHandle: 'default', target: 'menu' },
      { source: 'menu', sourceHandle: 'option:1', target: 'hello' },
    ]);
  });

  it('Delete removes the selected block and its connections', async () => {
    const { calls } = serve();
    render();
    await loaded();
    // A click, without the mouse-down reactflow's drag handling needs a real window for.
    fireEvent.click(within(block('hello')).getByText('Hello there'));
    await waitFor(() => expect(block('hello').className).toContain('flow-block-selected'));
    fireEvent.keyDown(document.body, { key: 'Delete', code: 'Delete' });
    await waitFor(() => expect(block('hello')).toBeUndefined());
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls).connections.some((c) => c.target === 'hello')).toBe(false);
  });

  it('saves the graph as the server takes it and says so', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls)).toEqual({ idFlow: 5, ...GRAPH });
    expect((await screen.findAllByText('Flow saved successfully')).length).toBeGreaterThan(0);
  });

  it('a refused save marks the blocks in red and lists the reasons', async () => {
    saveAnswer = {
      status: 400,
      body: {
        error: 'ERR_FLOW_INVALID',
        message: 'The flow cannot be saved',
        details: [
          { code: 'ERR_FLOW_INVALID_BLOCK', nodeId: 'hello', field: 'label', message: 'block "hello" (message): label: validation.required' },
          { code: 'ERR_FLOW_PORT_UNCONNECTED', nodeId: 'menu', message: 'output "invalid" of block "menu" leads nowhere' },
        ],
      },
    };
    serve();
    render();
    await loaded();
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(block('hello').getAttribute('aria-invalid')).toBe('true'));
    expect(block('hello').className).toContain('flow-block-invalid');
    expect(block('menu').className).toContain('flow-block-invalid');
    expect(block('call').className).not.toContain('flow-block-invalid');
    const reasons = screen.getAllByTestId('flow-save-problem').map((r) => r.textContent);
    expect(reasons).toEqual([
      'Message: A block\'s settings are not valid. (block "hello" (message): label: validation.required)',
      'Menu: A block\'s required output is not connected. (output "invalid" of block "menu" leads nowhere)',
    ]);
  });

  it('edits a ticket block with the company’s queues', async () => {
    const { calls } = serve({ nodes: [...GRAPH.nodes, { id: 'handover', type: 'ticket', position: { x: 0, y: 400 }, data: {} }], connections: GRAPH.connections });
    render();
    await waitFor(() => expect(blocks()).toHaveLength(GRAPH.nodes.length + 1), { timeout: 2000 });
    await userEvent.click(within(block('handover')).getByTestId('flow-block-edit'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Billing' })).toBeTruthy());
    await userEvent.selectOptions(screen.getByTestId('flow-field-queue'), 'Billing');
    await userEvent.click(screen.getByTestId('flow-block-submit'));
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls).nodes.find((n) => n.id === 'handover')!.data).toEqual({ queue: { id: 2, name: 'Billing' } });
  });

  it('tests the draft: the messages typed one per line, the path highlighted and what would be sent', async () => {
    const { calls } = serve();
    render();
    await loaded();
    await userEvent.click(screen.getByTestId('flow-test'));
    await userEvent.type(await screen.findByTestId('flow-dry-run-messages'), '1{enter}{enter}bye');
    await userEvent.click(screen.getByTestId('flow-dry-run-run'));
    await waitFor(() => expect(screen.getAllByTestId('flow-dry-run-step')).toHaveLength(2));
    const run = calls.find((c) => c.url === '/flowbuilder/dry-run')!;
    expect(run.body).toEqual({ idFlow: 5, ...GRAPH, messages: ['1', 'bye'] });
    expect(screen.getAllByTestId('flow-dry-run-sent').map((s) => s.textContent)).toEqual(['Choose\n\n*1* - Sales', 'Hello there']);
    expect(block('menu').className).toContain('flow-block-traced');
    expect(block('hello').className).toContain('flow-block-traced');
    expect(block('call').className).not.toContain('flow-block-traced');
    expect(saves(calls)).toEqual([]);
  });

  it('leaves at once when nothing changed', async () => {
    serve();
    render();
    await loaded();
    await userEvent.click(screen.getByTestId('flow-editor-back'));
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilders');
  });

  it('holds a navigation away from a changed flow until the person chooses', async () => {
    serve();
    render();
    await loaded();
    await userEvent.click(within(block('hello')).getByTestId('flow-block-delete'));
    await userEvent.click(screen.getByTestId('flow-editor-back'));
    expect(await screen.findByText('The flow has changes that are not saved. Leave without saving them?')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilder/5');
    await userEvent.click(screen.getByTestId('flow-unsaved-dialog-cancel'));
    expect(screen.getByTestId('location').textContent).toBe('/flowbuilder/5');
    await userEvent.click(screen.getByTestId('flow-editor-back'));
    await userEvent.click(await screen.findByTestId('flow-unsaved-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/flowbuilders'));
  });

  it('uploads an image block’s file to /flowbuilder/img (multipart medias) and keeps its url', async () => {
    const { calls, fetch } = serve();
    render();
    await loaded();
    await addFromMenu('img');
    await userEvent.upload(await screen.findByTestId('flow-field-url-file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('flow-field-url').value).toBe('flow/logo.png'));
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/flowbuilder/img')!;
    expect(((init?.body as FormData).get('medias') as File).name).toBe('logo.png');
    await userEvent.click(screen.getByTestId('flow-block-submit'));
    await userEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(lastSave(calls).nodes.at(-1)).toMatchObject({ type: 'img', data: { url: 'flow/logo.png' } });
  });
});
