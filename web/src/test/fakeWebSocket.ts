import type { ServerMessage } from '@atendo/contracts';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A WebSocket the test plays the server of: it sends server messages and closes with a code. */
export class FakeWebSocket {
  static sockets: FakeWebSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeWebSocket.sockets.push(this);
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

  send(): void {}

  close(): void {
    this.closed = true;
  }

  receive(message: ServerMessage): void {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }

  serverClose(code: number): void {
    this.closed = true;
    act(() => this.onclose?.({ code }));
  }
}
