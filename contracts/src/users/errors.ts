import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of users: Users, with their texts in each language. */
export const USERS_ERRORS = defineErrors({
  ERR_USER_DONT_EXISTS: {
    pt: 'Usuário não encontrado. Verifique o email informado.',
    en: 'User not found. Check the email address.',
    es: 'Usuario no encontrado. Revisa el correo electrónico.',
  },
  ERR_USER_CREATION_DISABLED: {
    pt: 'A criação de usuários foi desabilitada pelo administrador.',
    en: 'User creation has been disabled by the administrator.',
    es: 'El administrador deshabilitó la creación de usuarios.',
  },
  ERR_NO_USER_FOUND: {
    pt: 'Nenhum usuário encontrado com este ID.',
    en: 'No user found with this ID.',
    es: 'No se encontró ningún usuario con este ID.',
  },
  ERR_USER_EMAIL_ALREADY_EXISTS: {
    pt: 'Já existe um usuário com este e-mail.',
    en: 'A user with this email already exists.',
    es: 'Ya existe un usuario con este correo electrónico.',
  },
  ERR_PLAN_LIMIT_REACHED: {
    pt: 'O plano da empresa não permite mais. Mude de plano para acrescentar.',
    en: "The company's plan allows no more of these. Change the plan to add more.",
    es: 'El plan de la empresa no permite más. Cambia de plan para añadir.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof USERS_ERRORS> {}
}
