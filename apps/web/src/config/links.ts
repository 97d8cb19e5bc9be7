import { FIELD_MAPPING_URL, SUPPORT_LINKS } from '@fm/domain';

const env = import.meta.env as Record<string, string | undefined>;

/**
 * Support channels (Ayuda, Adicionales) and the field-mapping site, set per deployment when the web is built
 * (`VITE_HELP_URL`, `VITE_CHAT_URL`, `VITE_SUPPORT_EMAIL`, `VITE_FIELD_MAPPING_URL`; `npm start` builds it), with the
 * product's defaults otherwise.
 */
export const LINKS = {
  helpCenter: env.VITE_HELP_URL || SUPPORT_LINKS.helpCenter,
  chat: env.VITE_CHAT_URL || SUPPORT_LINKS.chat,
  email: env.VITE_SUPPORT_EMAIL || SUPPORT_LINKS.email,
  fieldMapping: env.VITE_FIELD_MAPPING_URL || FIELD_MAPPING_URL,
};
