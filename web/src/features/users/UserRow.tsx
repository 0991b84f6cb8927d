import type { User } from '@atendo/contracts';
import { Classes, Colors, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../ui/listPage/RowButton';
import { QueueTag } from '../../ui/QueueTag';

interface UserRowProps {
  user: User;
  /** The signed-in user's own row cannot be deleted (the server refuses it). */
  isSelf: boolean;
  onEdit(user: User): void;
  onDelete(user: User): void;
}

/**
 * One user of the table. On a phone-width screen the e-mail, profile and status columns fold into the name's cell
 * (users.css), so that the queues and the buttons stay in view.
 */
export function UserRow({ user, isSelf, onEdit, onDelete }: UserRowProps) {
  const { t } = useTranslation();
  const status = user.online ? t('users.online') : t('users.offline');
  const profile = t(`users.profiles.${user.profile}`);
  const dot = (className?: string) => (
    <Icon
      icon="full-circle"
      size={10}
      intent={user.online ? Intent.SUCCESS : Intent.NONE}
      color={user.online ? undefined : Colors.GRAY3}
      title={status}
      aria-label={status}
      className={className}
      data-testid="user-online"
      data-online={user.online}
    />
  );
  return (
    <tr data-testid="user-row" data-user-id={user.id}>
      <td>
        <span className="users-name">
          {dot('users-folded')}
          <strong>{user.name}</strong>
          {user.super && (
            <Tag minimal intent={Intent.WARNING}>
              {t('users.superTag')}
            </Tag>
          )}
        </span>
        <span className={`users-folded ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          {user.email} · {profile}
        </span>
      </td>
      <td className="users-col-email">{user.email}</td>
      <td className="users-col-profile">{profile}</td>
      <td>
        <span className="users-queues">
          {user.queues.map((queue) => (
            <QueueTag key={queue.id} queue={queue} />
          ))}
        </span>
      </td>
      <td className="users-col-status">{dot()}</td>
      <td className="list-page-actions">
        <RowButton icon="edit" label={t('users.edit', { name: user.name })} onClick={() => onEdit(user)} testId="user-edit" />
        <RowButton
          icon="trash"
          intent={Intent.DANGER}
          disabled={isSelf}
          label={t('users.delete', { name: user.name })}
          title={isSelf ? t('users.cannotDeleteSelf') : t('users.delete', { name: user.name })}
          onClick={() => onDelete(user)}
          testId="user-delete"
        />
      </td>
    </tr>
  );
}
