import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail: password reset codes today. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mailer over SMTP (`smtp://user:pass@host:587`, `smtps://…`), with nodemailer. */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
