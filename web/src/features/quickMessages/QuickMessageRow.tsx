import type { QuickMessage } from '@atendo/contracts';
import { Button, Card, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface QuickMessageRowProps {
  quickMessage: QuickMessage;
  /** Whether the signed-in user may change it (her own, or any for an admin). */
  editable: boolean;
  onEdit(quickMessage: QuickMessage): void;
  onDelete(quickMessage: QuickMessage): void;
}

/** One quick message of the list (spec: shortcode, attachment name, edit, delete). */
export function QuickMessageRow({ quickMessage, editable, onEdit, onDelete }: QuickMessageRowProps) {
  const { t } = useTranslation();
  const { id, shortcode, message, geral, mediaName } = quickMessage;
  return (
    <Card compact className="quick-message-row" data-testid="quick-message-row" data-quick-message-id={id}>
      <div className="quick-message-row-main">
        <div className="quick-message-row-heading">
          <strong className="quick-message-row-shortcode" data-testid="quick-message-row-shortcode">
            /{shortcode}
          </strong>
          {geral && (
            <Tag minimal round icon="office" data-testid="quick-message-geral">
              {t('quickMessages.general')}
            </Tag>
          )}
        </div>
        <p className={`quick-message-row-text ${Classes.TEXT_MUTED}`}>{message}</p>
      </div>
      <div className="quick-message-row-attachment" data-testid="quick-message-attachment">
        {mediaName && (
          <>
            <Icon icon="paperclip" size={12} /> {mediaName}
          </>
        )}
      </div>
      <div className="quick-message-row-actions">
        <Button variant="minimal" icon="edit" disabled={!editable} aria-label={t('quickMessages.edit')} title={t('quickMessages.edit')} onClick={() => onEdit(quickMessage)} data-testid="quick-message-edit" />
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          disabled={!editable}
          aria-label={t('quickMessages.delete')}
          title={t('quickMessages.delete')}
          onClick={() => onDelete(quickMessage)}
          data-testid="quick-message-delete"
        />
      </div>
    </Card>
  );
}
