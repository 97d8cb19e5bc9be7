import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Records the message in the outbox and delivers it through SMTP when configured. Never throws. */
  send(mail: Mail): Promise<void>;
};

/** SMTP when SMTP_URL is set (smtp://user:pass@host:port), otherwise outbox + log with its links. */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ to_email: mail.to, subject: mail.subject, body_text: mail.text, body_html: mail.html ?? null })
        .returning({ mail_id: outbox.mail_id });
      if (!transport) {
        const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
        log.info({ to: mail.to, subject: mail.subject, links }, 'mail stored in outbox (no SMTP_URL configured)');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.update(outbox).set({ sent_at: new Date() }).where(eq(outbox.mail_id, row.mail_id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'SMTP delivery failed; message kept in outbox');
        await db.update(outbox).set({ error: String(err).slice(0, 1000) }).where(eq(outbox.mail_id, row.mail_id));
      }
    },
  };
}

/** Plain-text mail with one call-to-action link, and its minimal HTML twin. */
export function linkMail(to: string, subject: string, intro: string, link: string): Mail {
  const text = `${intro}\n\n${link}\n\nSi no solicitaste este correo, ignoralo.`;
  const html = `<p>${intro}</p><p><a href="${link}">${link}</a></p><p>Si no solicitaste este correo, ignoralo.</p>`;
  return { to, subject, text, html };
}
