import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { route, type RouteSpec } from '@atendo/api';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  date: string;
}

/** Mails kept, newest first; older ones are dropped. */
const KEPT = 200;

/**
 * A real SMTP server on 127.0.0.1 for development and tests: the product sends its mail to it over SMTP with
 * nodemailer, exactly as to a production server, and a developer reads what arrived at GET /dev/outbox.
 * Started only outside production when SMTP_URL is unset.
 */
export class DevOutbox {
  readonly mails: OutboxMail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<DevOutbox> {
    let outbox!: DevOutbox;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 1024 * 1024,
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => {
            const to = [mail.to ?? []].flat().map((a) => a.text).join(', ');
            outbox.mails.unshift({ to, subject: mail.subject ?? '', text: mail.text ?? '', date: (mail.date ?? new Date()).toISOString() });
            outbox.mails.length = Math.min(outbox.mails.length, KEPT);
            done();
          })
          .catch((error: Error) => done(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    outbox = new DevOutbox(server, `smtp://127.0.0.1:${port}`);
    return outbox;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** GET /dev/outbox: what the product e-mailed, newest first (`?to=` one recipient's). */
  route(): RouteSpec {
    return route<Record<string, never>, { to?: string }>({
      method: 'get',
      path: '/dev/outbox',
      feature: 'mail',
      summary: 'Development only: the e-mails the product sent to its local SMTP server, newest first',
      permission: 'public',
      handler: ({ req, res }) => {
        const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : undefined;
        res.json(to ? this.mails.filter((m) => m.to.toLowerCase().includes(to)) : this.mails);
      },
    });
  }
}
