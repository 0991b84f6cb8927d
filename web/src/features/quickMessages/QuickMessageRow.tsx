import type { QuickMessage } from '@atendo/contracts';
import { Card, Classes, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../../ui/listPage/RowButton';

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
        <EditDeleteButtons
          editLabel={t('quickMessages.edit')}
          deleteLabel={t('quickMessages.delete')}
          onEdit={() => onEdit(quickMessage)}
          onDelete={() => onDelete(quickMessage)}
          disabled={!editable}
          testIdPrefix="quick-message"
        />
      </div>
    </Card>
  );
}
