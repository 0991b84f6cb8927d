import type { Knex } from 'knex';
import type { ChannelKind, Whatsapp, WhatsappSettings } from '@atendo/contracts';
import { whatsappPayload } from './connectionsProjection.js';

export interface ConnectionRecord {
  id: number;
  companyId: number;
  name: string;
  queueIds: number[];
  channel: ChannelKind;
}

const toConnection = (r: { id: number; company_id: number; name: string; queue_ids: number[]; channel: ChannelKind }): ConnectionRecord => ({
  channel: r.channel,
  id: r.id,
  companyId: r.company_id,
  name: r.name,
  queueIds: r.queue_ids,
});

export class ConnectionQueries {
  constructor(private readonly knex: Knex) {}

  async whatsapps(companyId: number): Promise<Array<Whatsapp & WhatsappSettings>> {
    const rows = await this.knex('whatsapps').where({ company_id: companyId }).orderBy('id');
    return Promise.all(rows.map((r) => whatsappPayload(this.knex, r)));
  }

  async whatsapp(companyId: number, id: number): Promise<(Whatsapp & WhatsappSettings) | null> {
    const row = await this.knex('whatsapps').where({ company_id: companyId, id }).first();
    return row ? whatsappPayload(this.knex, row) : null;
  }

  /** Every connection of every company, for the gateway to open their sessions. */
  async allWhatsapps(): Promise<ConnectionRecord[]> {
    const rows = await this.knex('whatsapps').select('id', 'company_id', 'name', 'queue_ids', 'channel').orderBy('id');
    return rows.map(toConnection);
  }

  /** Connections whose recent sends all failed, whatever their session says (for /health). */
  async degraded(): Promise<Array<{ id: number; companyId: number; name: string }>> {
    const rows = await this.knex('whatsapps').where({ degraded: true }).orderBy('id').select('id', 'company_id', 'name');
    return rows.map((r: { id: number; company_id: number; name: string }) => ({ id: Number(r.id), companyId: Number(r.company_id), name: r.name }));
  }

  /** One connection by id, whatever its company (the gateway's view). */
  async connection(id: number): Promise<ConnectionRecord | null> {
    const row = await this.knex('whatsapps').where({ id }).first('id', 'company_id', 'name', 'queue_ids', 'channel');
    return row ? toConnection(row) : null;
  }
}
