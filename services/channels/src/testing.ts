// What tests of other packages use to drive the channels: a fake WhatsApp behind the real Baileys provider.
export * from './baileys/fakeWhatsapp.fixture.js';
export * from './baileys/remoteFake.fixture.js';
