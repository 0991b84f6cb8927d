import { TagsManager } from './TagsManager';

/** /tags (spec: Tags): every user searches, adds, edits and deletes the company's tags; admins choose the kanban lanes. */
export function TagsPage() {
  return <TagsManager />;
}
