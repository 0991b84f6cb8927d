import type { User } from '@atendo/contracts';
import { Button, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueueTag } from './QueueTag';

interface UserRowProps {
  user: User;
  /** The signed-in user's own row cannot be deleted (the server refuses it). */
  isSelf: boolean;
  onEdit(user: User): void;
  onDelete(user: User): void;
}

export function UserRow({ user, isSelf, onEdit, onDelete }: UserRowProps) {
  const { t } = useTranslation();
  const status = user.online ? t('users.online') : t('users.offline');
  return (
    <tr data-testid="user-row" data-user-id={user.id}>
      <td>
        <strong>{user.name}</strong>
        {user.super && (
          <Tag minimal intent={Intent.WARNING} className="users-super-tag" style={{ marginLeft: 6 }}>
            {t('users.superTag')}
          </Tag>
        )}
      </td>
      <td className="users-email">{user.email}</td>
      <td>{t(`users.profiles.${user.profile}`)}</td>
      <td>
        <span className="users-queues">
          {user.queues.map((queue) => (
            <QueueTag key={queue.id} queue={queue} />
          ))}
        </span>
      </td>
      <td>
        <Icon
          icon="full-circle"
          size={10}
          intent={user.online ? Intent.SUCCESS : Intent.NONE}
          title={status}
          aria-label={status}
          data-testid="user-online"
          data-online={user.online}
        />
      </td>
      <td className="users-actions">
        <Button variant="minimal" icon="edit" aria-label={t('users.edit', { name: user.name })} title={t('users.edit', { name: user.name })} onClick={() => onEdit(user)} data-testid="user-edit" />
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          disabled={isSelf}
          aria-label={t('users.delete', { name: user.name })}
          title={isSelf ? t('users.cannotDeleteSelf') : t('users.delete', { name: user.name })}
          onClick={() => onDelete(user)}
          data-testid="user-delete"
        />
      </td>
    </tr>
  );
}
