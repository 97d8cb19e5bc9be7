import { SIGNUP_FIXED, type PasswordChangeBody, type SessionPayload, type SigninBody, type SignupBody } from '@fm/domain';
import { api, first } from '../../api/client';
import { ApiError } from '../../api/errors';

const PUBLIC = { workspace: false, token: null } as const;

function origin(): string {
  return window.location.origin;
}

export async function signIn(body: SigninBody, loginFrom?: string): Promise<SessionPayload> {
  const res = await api.post<SessionPayload[]>('users/signin', body, { ...PUBLIC, query: { login_from: loginFrom }, overlay: true });
  return first(res);
}

/** What the register form sends; the fixed values and the accepted terms are added here. */
export type SignupPayload = Omit<SignupBody, keyof typeof SIGNUP_FIXED | 'terms_accepted'>;

/** Register (spec doc 1 §3): birth_date, state_id and language_id are fixed values. */
export async function signUp(body: SignupPayload): Promise<void> {
  await api.post(
    'users/signup',
    { ...body, ...SIGNUP_FIXED, terms_accepted: true },
    { ...PUBLIC, query: { validation_email_link: `${origin()}/validar-mail-ok` }, overlay: true },
  );
}

export async function resendValidation(email: string): Promise<void> {
  await api.post('emails/user/validation', undefined, {
    ...PUBLIC,
    query: { email, validation_email_link: `${origin()}/validar-mail-ok` },
    overlay: true,
  });
}

export async function validateEmail(token: string): Promise<string | undefined> {
  const res = await api.get('emails/user/validation', { ...PUBLIC, query: { token } });
  return res.message;
}

/** POST users/email/confirm: the link mailed to a new address swaps the e-mail; answers the new address. */
export async function confirmEmailChange(token: string): Promise<string> {
  const res = await api.post<{ email: string }[]>('users/email/confirm', { token }, PUBLIC);
  return first(res).email;
}

export async function requestPasswordReset(email: string): Promise<string | undefined> {
  const res = await api.get('emails/user/password/reset', {
    ...PUBLIC,
    query: { email, reset_password_url: `${origin()}/restablecer-password-confirmar` },
    overlay: true,
  });
  return res.message;
}

export async function changePassword(resetToken: string, body: PasswordChangeBody): Promise<void> {
  await api.post('users/password/change', body, { workspace: false, token: resetToken, overlay: true });
}

/** GET users/auth?renew=true with the given token (single sign-on) or the session's. */
export async function renewSession(token: string, loginFrom?: string): Promise<SessionPayload> {
  const res = await api.get<SessionPayload[]>('users/auth', { workspace: false, token, query: { renew: true, login_from: loginFrom } });
  return first(res);
}

/** POST users/signin/sso: trades the single-use code an external sign-in put in /sso/:page/:code for a session. */
export async function exchangeSsoCode(code: string, loginFrom?: string): Promise<SessionPayload> {
  const res = await api.post<SessionPayload[]>('users/signin/sso', { code }, { ...PUBLIC, query: { login_from: loginFrom } });
  return first(res);
}

export async function signOut(token: string): Promise<void> {
  await api.get('users/signout', { workspace: false, token });
}

export type ExternalProvider = 'google' | 'apple';

export function externalSignInUrl(provider: ExternalProvider): string {
  const params = new URLSearchParams({ success_redirect: `${origin()}/sso/home`, failure_redirect: `${origin()}/` });
  return `/fm/v1/users/signin/${provider}?${params.toString()}`;
}

/**
 * Sends the browser to the provider. The start URL is probed first: a redirect means configured;
 * a JSON answer (501 when not configured) becomes an ApiError with the server's message.
 */
export async function startExternalSignIn(provider: ExternalProvider): Promise<void> {
  const url = externalSignInUrl(provider);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', headers: { Accept: 'application/json' } });
  } catch {
    throw ApiError.network();
  }
  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
    window.location.assign(url);
    return;
  }
  let message = '';
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON
  }
  throw new ApiError(res.status, message || 'El ingreso externo no está disponible');
}
