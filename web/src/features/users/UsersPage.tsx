import { permittedPage } from '../../app/permittedPage';
import { UsersManager } from './UsersManager';

/** /users (admins): the company's users, searchable, page by page; add, edit and delete. */
export const UsersPage = permittedPage('users:manage', 'users.noPermission', UsersManager);
