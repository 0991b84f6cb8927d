import type { RowFolds } from '../tickets/folds.js';

/** The contact record's rows. */
export const contactFolds: RowFolds = {
  ContactCreated({ contacts }, e, d) {
    const at = e.metadata.occurredAt;
    contacts.set({ id: d.contactId, company_id: e.metadata.companyId, name: d.name, number: d.number, email: '', profile_pic_url: '', is_group: d.isGroup, extra_info: [], stream_id: e.streamId, created_at: at, updated_at: at });
  },
  ContactRenamed({ contacts }, e, d) {
    contacts.update(d.contactId, () => ({ name: d.name, updated_at: e.metadata.occurredAt }));
  },
  ContactUpdated({ contacts }, e, d) {
    contacts.update(d.contactId, () => ({ name: d.name, email: d.email, extra_info: d.extraInfo, updated_at: e.metadata.occurredAt }));
  },
  // Its tickets went just before (each a TicketDeleted, folded by the tickets family).
  ContactDeleted({ contacts }, _e, d) {
    contacts.delete(d.contactId);
  },
  // A merge moves rows of two streams: the projection does it between runs of events (ticketsProjection's applyMerge);
  // the side that is merged away changes no row of its own.
  ContactMergedInto() {},
  ContactMerged() {},
};
