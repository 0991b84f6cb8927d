/** The kanban's texts. The console merges every feature's bundle (web/src/i18n/resources.ts). */
const en = {
  kanban: {
    title: 'Kanban',
    openLane: 'Open',
    emptyLane: 'No tickets here.',
    noLanes: 'No tag is a kanban lane yet: an administrator marks tags as lanes on the Tags page.',
    seeTicket: 'See ticket',
    moveTo: 'Move to…',
    tagRemoved: 'Kanban tag removed.',
    tagAdded: 'Kanban tag added.',
  },
};

export const kanbanTranslations = {
  en,
  pt: {
    kanban: {
      title: 'Kanban',
      openLane: 'Em aberto',
      emptyLane: 'Nenhum ticket aqui.',
      noLanes: 'Nenhuma tag é coluna do kanban ainda: um administrador marca as tags como colunas na página Tags.',
      seeTicket: 'Ver ticket',
      moveTo: 'Mover para…',
      tagRemoved: 'Tag do kanban removida.',
      tagAdded: 'Tag do kanban adicionada.',
    },
  },
  es: {
    kanban: {
      title: 'Kanban',
      openLane: 'Abiertos',
      emptyLane: 'No hay tickets aquí.',
      noLanes: 'Ninguna etiqueta es columna del kanban todavía: un administrador marca las etiquetas como columnas en la página Etiquetas.',
      seeTicket: 'Ver ticket',
      moveTo: 'Mover a…',
      tagRemoved: 'Etiqueta del kanban quitada.',
      tagAdded: 'Etiqueta del kanban agregada.',
    },
  },
};
