import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Single-use tokens the message carries: blanked in the stored copy once SMTP has accepted it. */
  secrets?: string[];
};

export type Mailer = {
  /** Records the message in the outbox and delivers it through SMTP when configured. Never throws. */
  send(mail: Mail): Promise<void>;
};

/** What a delivered message's stored copy shows instead of its token. */
export const REDACTED = '[enlace-usado]';

/** Escapes text for HTML element content and attribute values: every template passes user-supplied text through it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function redact(body: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), body);
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:port), otherwise outbox + log with its links. Once SMTP has
 * accepted a message its stored copy keeps no usable token (`secrets` blanked); without SMTP the outbox is the
 * delivery channel (development, GET dev/outbox, e2e) and keeps the links.
 */
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
        const secrets = mail.secrets ?? [];
        await db
          .update(outbox)
          .set({ sent_at: new Date(), body_text: redact(mail.text, secrets), body_html: mail.html === undefined ? null : redact(mail.html, secrets) })
          .where(eq(outbox.mail_id, row.mail_id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'SMTP delivery failed; message kept in outbox');
        await db.update(outbox).set({ error: String(err).slice(0, 1000) }).where(eq(outbox.mail_id, row.mail_id));
      }
    },
  };
}

/**
 * Plain-text mail with one call-to-action link, and its HTML twin with every text escaped. `intro` is plain
 * text (it may carry names and workspace names people typed). A link that carries a single-use token names it
 * in `secret`, so the stored copy of a delivered message loses it.
 */
export function linkMail(to: string, subject: string, intro: string, link: string, secret?: string): Mail {
  const outro = 'Si no solicitaste este correo, ignoralo.';
  const text = `${intro}\n\n${link}\n\n${outro}`;
  const href = escapeHtml(link);
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${href}">${href}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to, subject, text, html, ...(secret ? { secrets: [secret] } : {}) };
}

/** Plain notice without a link (e.g. to the old address when an e-mail change is requested). */
export function noticeMail(to: string, subject: string, paragraphs: string[]): Mail {
  return { to, subject, text: paragraphs.join('\n\n'), html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') };
}
