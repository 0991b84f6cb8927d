import type { ClientMessage, ServerMessage } from '@atendo/contracts';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A WebSocket the test plays the server of: it opens (at once, as a microtask), records what the client sends,
 * sends server messages and closes with a code.
 */
export class FakeWebSocket {
  static readonly OPEN = 1;
  static sockets: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readyState = 0;
  closed = false;
  /** What the client sent, parsed. */
  readonly sent: ClientMessage[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.sockets.push(this);
    queueMicrotask(() => {
      if (this.closed) return;
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.();
    });
  }

  static install(): void {
    FakeWebSocket.sockets = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.sockets[FakeWebSocket.sockets.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  get params(): URLSearchParams {
    return new URL(this.url).searchParams;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  receive(message: ServerMessage): void {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }

  serverClose(code: number): void {
    this.closed = true;
    this.readyState = 3;
    act(() => this.onclose?.({ code }));
  }
}
