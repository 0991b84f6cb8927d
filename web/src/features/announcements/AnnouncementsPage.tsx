import { permittedPage } from '../../app/permittedPage';
import { AnnouncementsManager } from './AnnouncementsManager';
import './announcements.css';

/** /announcements (super users): every announcement, searched, published, changed and deleted here. */
export const AnnouncementsPage = permittedPage('announcements:manage', 'announcements.notAllowed', AnnouncementsManager);
