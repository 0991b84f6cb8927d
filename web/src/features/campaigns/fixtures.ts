import type { CampaignView } from '@atendo/contracts';

/** A campaign as GET /campaigns lists it, for the tests. */
export function aCampaign(id: number, change: Partial<CampaignView> = {}): CampaignView {
  return {
    id,
    companyId: 7,
    name: `Campaign ${id}`,
    message1: `Hello {nome}, offer ${id}`,
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    status: 'INATIVA',
    scheduledAt: null,
    completedAt: null,
    whatsappId: 1,
    contactListId: 2,
    tagId: null,
    fileListId: null,
    mediaPath: null,
    mediaName: null,
    contactList: { id: 2, name: 'Customers' },
    whatsapp: { id: 1, name: 'Main' },
    tag: null,
    progress: { validContacts: 10, queued: 0, delivered: 0, failed: 0, percent: 0 },
    startedAt: null,
    editable: true,
    deferral: null,
    ...change,
  };
}
