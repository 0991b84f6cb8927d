import type { ChannelKind } from '@atendo/contracts';
import { ChannelError, type ChannelProvider, type ChannelSink, type OutboundMessage, type SessionInfo } from './port.js';

/**
 * Each connection picks its channel (a real number on Baileys, or the simulator): the router is the one provider
 * the gateway sees, and hands each session to the provider of its connection's channel. A channel this install does
 * not run (the simulator in production) leaves the session DISCONNECTED with the reason.
 */
export class ChannelRouter implements ChannelProvider {
  readonly name: string;
  private readonly byConnection = new Map<number, ChannelProvider>();

  constructor(
    private readonly providers: Partial<Record<ChannelKind, ChannelProvider>>,
    private readonly fallback: ChannelKind = 'baileys',
  ) {
    this.name = Object.keys(providers).join('+') || 'none';
  }

  async startSession(session: SessionInfo, sink: ChannelSink): Promise<void> {
    const kind = session.channel ?? this.fallback;
    const provider = this.providers[kind];
    const before = this.byConnection.get(session.connectionId);
    if (before && before !== provider) await before.stopSession(session.connectionId);
    if (!provider) {
      this.byConnection.delete(session.connectionId);
      await sink.status(session.connectionId, 'DISCONNECTED', '', `This installation does not run the ${kind} channel`);
      return;
    }
    this.byConnection.set(session.connectionId, provider);
    await provider.startSession(session, sink);
  }

  private of(connectionId: number): ChannelProvider {
    const provider = this.byConnection.get(connectionId);
    if (!provider) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', `Connection ${connectionId} has no session in this process`);
    return provider;
  }

  providerMessageId(idempotencyKey: string, connectionId: number): string {
    return (this.byConnection.get(connectionId) ?? this.providers[this.fallback] ?? Object.values(this.providers)[0]!).providerMessageId(idempotencyKey, connectionId);
  }

  send(message: OutboundMessage) {
    return this.of(message.connectionId).send(message);
  }

  async checkNumber(connectionId: number, number: string): Promise<boolean> {
    const provider = this.of(connectionId);
    return provider.checkNumber ? provider.checkNumber(connectionId, number) : true;
  }

  async revoke(connectionId: number, to: string, providerMessageId: string): Promise<void> {
    const provider = this.of(connectionId);
    await provider.revoke?.(connectionId, to, providerMessageId);
  }

  async logout(connectionId: number): Promise<void> {
    await this.byConnection.get(connectionId)?.logout(connectionId);
  }

  async stopSession(connectionId: number): Promise<void> {
    await this.byConnection.get(connectionId)?.stopSession(connectionId);
    this.byConnection.delete(connectionId);
  }

  async close(): Promise<void> {
    for (const provider of Object.values(this.providers)) await provider.close();
  }
}
