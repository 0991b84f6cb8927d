import { ERROR_TEXTS } from './featureBundles';
import type { Translation } from './en';

export const pt: Translation = {
  app: {
    name: 'Atendo',
    loading: 'Carregando…',
    retry: 'Tentar novamente',
  },
  languages: {
    label: 'Idioma',
    pt: 'Português',
    en: 'English',
    es: 'Español',
  },
  topBar: {
    darkTheme: 'Mudar para o tema escuro',
    lightTheme: 'Mudar para o tema claro',
    userMenu: 'Menu do usuário',
    logout: 'Sair',
    volume: 'Volume das notificações',
    refresh: 'Recarregar a página',
    more: 'Mais opções',
    greeting: 'Olá {{name}}',
    dueDate: 'Assinatura vence em {{date}}',
    announcements: {
      title: 'Informativos',
      button: 'Informativos: {{count}}',
      none: 'Nenhum informativo',
      image: 'Imagem do informativo',
      priority1: 'Prioridade alta',
      priority2: 'Prioridade média',
      priority3: 'Prioridade baixa',
    },
    notifications: {
      title: 'Atendimentos aguardando',
      button: 'Atendimentos aguardando: {{count}}',
      none: 'Nenhum atendimento aguardando você',
    },
    connection: {
      online: 'Online',
      connecting: 'Conectando…',
      reconnecting: 'Reconectando…',
    },
  },
  menu: {
    chats: 'Chat interno',
    administration: 'Administração',
    financeiro: 'Financeiro',
    toggle: 'Mostrar ou esconder o menu',
    connectionsAlert: 'Uma conexão precisa de atenção',
  },
  shell: {
    notYet: 'Esta parte do Atendo ainda não está disponível. Ela chega numa próxima versão.',
    notFound: 'Não há nenhuma página aqui.',
    backToTickets: 'Voltar aos atendimentos',
  },
  errors: {
    ERR_NETWORK: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    ...ERROR_TEXTS.pt,
  },
};
