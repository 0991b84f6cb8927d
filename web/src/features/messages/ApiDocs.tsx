import { Classes, H4, HTMLTable, Pre } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SEND_PATH } from './sendTestMessage';

/** The examples' number and token: obviously placeholders. */
const NUMBER = '5511999999999';
const TOKEN = '<token>';

/** How another system calls POST /api/messages/send: the rules, a curl example per form, and the answers. */
export function ApiDocs() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${SEND_PATH}`;
  const textExample = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${TOKEN}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"number": "${NUMBER}", "body": "Hello from our website"}'`,
  ].join('\n');
  const mediaExample = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${TOKEN}' \\`,
    `  -F 'number=${NUMBER}' \\`,
    `  -F 'body=invoice.pdf' \\`,
    `  -F 'medias=@./invoice.pdf'`,
  ].join('\n');
  const answers: Array<[string, string, string?]> = [
    ['200', t('messagesApi.docs.answers.ok'), '{"message": "Message sent"}'],
    ['400', t('messagesApi.docs.answers.invalidContact')],
    ['400', t('messagesApi.docs.answers.validation')],
    ['401 / 403', t('messagesApi.docs.answers.token')],
    ['429', t('messagesApi.docs.answers.tooMany')],
  ];

  return (
    <div className="messages-api-docs" data-testid="messages-api-docs">
      <H4>{t('messagesApi.docs.before')}</H4>
      <ul className={Classes.LIST}>
        <li>{t('messagesApi.docs.tokenNote')}</li>
        <li>{t('messagesApi.docs.numberNote')}</li>
        <li>{t('messagesApi.docs.ticketNote')}</li>
      </ul>

      <H4>{t('messagesApi.docs.textTitle')}</H4>
      <p>{t('messagesApi.docs.textHelp')}</p>
      <Pre data-testid="messages-api-text-example">{textExample}</Pre>

      <H4>{t('messagesApi.docs.mediaTitle')}</H4>
      <p>{t('messagesApi.docs.mediaHelp')}</p>
      <Pre data-testid="messages-api-media-example">{mediaExample}</Pre>

      <H4>{t('messagesApi.docs.answersTitle')}</H4>
      <div className="messages-api-table-scroll">
        <HTMLTable compact striped className="messages-api-answers">
          <thead>
            <tr>
              <th>{t('messagesApi.docs.status')}</th>
              <th>{t('messagesApi.docs.meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {answers.map(([status, meaning, body]) => (
              <tr key={meaning}>
                <td>
                  <code>{status}</code>
                </td>
                <td>
                  {meaning}
                  {body && (
                    <>
                      {' '}
                      <code>{body}</code>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
