import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outbox } from '../../db/schema/index';
import { call, createTestApp, type TestApp } from '../../test/app';

/** A real SMTP server on 127.0.0.1 collecting what the app sends through SMTP_URL. */
type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let port = 0;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Gestión Agro <no-responder@gestion-agro.test>' });
});
afterAll(async () => {
  await app?.cleanup();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const signupBody = (email: string) => ({
  email,
  name: 'Marta',
  last_name: 'Suárez',
  password: 'secreto1',
  repeat_password: 'secreto1',
  phone: '0221 15-456-7890',
  occupation: 'Productor',
});

/** Undo quoted-printable soft breaks and escapes so the link can be read from the raw message. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

async function lastMail(email: string) {
  const [row] = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id)).limit(1);
  return row;
}

describe('e-mail over SMTP (SMTP_URL)', () => {
  it('delivers the sign-up validation mail with its link; the stored copy of a sent message keeps no usable token', async () => {
    const res = await call(app, 'POST', 'users/signup?validation_email_link=http://localhost:3000/validar-mail-ok', { body: signupBody('marta@test.local') });
    expect(res.statusCode).toBe(201);

    const mail = received.find((m) => m.to.includes('marta@test.local'));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('no-responder@gestion-agro.test');
    const body = decodeQp(mail?.raw ?? '');
    const link = /http:\/\/localhost:3000\/validar-mail-ok\/[\w-]{20,}/.exec(body)?.[0];
    expect(link).toBeDefined();

    const row = await lastMail('marta@test.local');
    expect(row.sent_at).not.toBeNull();
    expect(row.error).toBeNull();
    const token = link?.split('/').pop() ?? '';
    expect(row.body_text).toContain('http://localhost:3000/validar-mail-ok/[enlace-usado]');
    expect(row.body_html).toContain('http://localhost:3000/validar-mail-ok/[enlace-usado]');
    expect(`${row.body_text}${row.body_html}`).not.toContain(token);

    // the delivered link really validates the account
    expect((await call(app, 'GET', `emails/user/validation?token=${token}`)).statusCode).toBe(200);
  });

  it('keeps the message in the outbox with the error when the SMTP server is down, and the request still succeeds', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const before = received.length;
    const res = await call(app, 'POST', 'users/signup', { body: signupBody('tomas@test.local') });
    expect(res.statusCode).toBe(201);
    expect(received.length).toBe(before);
    const row = await lastMail('tomas@test.local');
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    // not delivered: the stored message is all there is, links included
    expect(row.body_text).toMatch(/\/validar-mail-ok\/[\w-]{20,}/);
  });
});
