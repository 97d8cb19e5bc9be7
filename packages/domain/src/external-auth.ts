import { z } from 'zod';

/** External identity providers (spec doc 1 §1: a Google-type and an Apple-type sign-in). */
export const EXTERNAL_PROVIDERS = ['google', 'apple'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

/** Value stored in users.sign_in_method for each provider. */
export const SIGN_IN_METHOD: Record<ExternalProvider, 'Google' | 'Apple'> = { google: 'Google', apple: 'Apple' };

const label = (p: ExternalProvider) => SIGN_IN_METHOD[p];

/** Spanish texts of the external sign-in; every failure redirect carries one of them in `?error=`. */
export const EXTERNAL_MSG = {
  notConfigured: (p: ExternalProvider) => `El ingreso con ${label(p)} no está configurado`,
  unreachable: (p: ExternalProvider) => `No se pudo contactar a ${label(p)}. Intentá nuevamente más tarde.`,
  expired: 'La solicitud de ingreso venció o no es válida. Intentá nuevamente.',
  cancelled: (p: ExternalProvider) => `Se canceló el ingreso con ${label(p)}`,
  failed: (p: ExternalProvider) => `No se pudo completar el ingreso con ${label(p)}. Intentá nuevamente.`,
  noEmail: (p: ExternalProvider) => `${label(p)} no informó un correo electrónico verificado`,
  ssoInvalid: 'El enlace de ingreso no es válido o ha expirado',
} as const;

const truthy = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Query or form body of `users/signin/{google|apple}` (spec doc 1 §7). */
export const ExternalSigninParams = z.object({
  success_redirect: z.string().max(500).optional(),
  failure_redirect: z.string().max(500).optional(),
  terms_accepted: truthy,
});
export type ExternalSigninParams = z.infer<typeof ExternalSigninParams>;

/** Body of `POST users/signin/sso`: the single-use code of `/sso/:page/:token` after an external sign-in. */
export const SsoExchangeBody = z.object({
  code: z.string({ error: EXTERNAL_MSG.ssoInvalid }).min(20, EXTERNAL_MSG.ssoInvalid).max(200, EXTERNAL_MSG.ssoInvalid),
});

/** A single-sign-on code is opaque base64url; an access token is a JWT (three dot-separated parts). */
export function isSsoCode(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,200}$/.test(token);
}
