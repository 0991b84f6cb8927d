/** The sign-in page's texts. The console merges every feature's bundle (web/src/i18n/index.ts). */
const en = {
  login: {
    title: 'Sign in to your account',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email',
    passwordRequired: 'Password is required',
    subscriptionExpired: 'Your subscription expired on {{date}}. Please contact support.',
    companyDisabled: 'Your company was switched off on {{date}}. Please contact support.',
    sessionTaken: 'Your account was used on another computer.',
    subscriptionEnding_one: 'Your subscription expires in {{count}} day.',
    subscriptionEnding_other: 'Your subscription expires in {{count}} days.',
    copyright: '© {{year}} Atendo. All rights reserved.',
  },
};

export const authTranslations = {
  en,
  pt: {
    login: {
      title: 'Entre na sua conta',
      email: 'Email',
      password: 'Senha',
      submit: 'Entrar',
      emailRequired: 'O email é obrigatório',
      emailInvalid: 'Email inválido',
      passwordRequired: 'A senha é obrigatória',
      subscriptionExpired: 'Sua assinatura expirou em {{date}}. Entre em contato com o suporte.',
      companyDisabled: 'Sua empresa foi desativada em {{date}}. Entre em contato com o suporte.',
      sessionTaken: 'Sua conta foi acessada em outro computador.',
      subscriptionEnding_one: 'Sua assinatura vence em {{count}} dia.',
      subscriptionEnding_other: 'Sua assinatura vence em {{count}} dias.',
      copyright: '© {{year}} Atendo. Todos os direitos reservados.',
    },
  } satisfies typeof en,
  es: {
    login: {
      title: 'Inicia sesión en tu cuenta',
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Entrar',
      emailRequired: 'El correo electrónico es obligatorio',
      emailInvalid: 'Correo electrónico no válido',
      passwordRequired: 'La contraseña es obligatoria',
      subscriptionExpired: 'Tu suscripción venció el {{date}}. Ponte en contacto con el soporte.',
      companyDisabled: 'Tu empresa fue desactivada el {{date}}. Ponte en contacto con el soporte.',
      sessionTaken: 'Tu cuenta se usó en otro ordenador.',
      subscriptionEnding_one: 'Tu suscripción vence en {{count}} día.',
      subscriptionEnding_other: 'Tu suscripción vence en {{count}} días.',
      copyright: '© {{year}} Atendo. Todos los derechos reservados.',
    },
  } satisfies typeof en,
};
