import { sqlMigration, type Migration } from '@atendo/platform';

export const announcementMigrations: Migration[] = [
  sqlMigration(
    '202611241101_announcements',
    `
        CREATE TABLE announcements (
          id bigint PRIMARY KEY, title text NOT NULL, text text NOT NULL, priority int NOT NULL, status boolean NOT NULL,
          media_name text, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL
        );
        CREATE INDEX announcements_order ON announcements (status DESC, priority, created_at DESC);
        -- The images themselves: uploads, not facts, so they are kept here and never in an event (decision 0017).
        CREATE TABLE announcement_media (
          announcement_id bigint PRIMARY KEY, name text NOT NULL, mime text NOT NULL, bytes bytea NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
      `,
    'DROP TABLE announcement_media, announcements',
  ),
];
