/** Support channels shown in the top bar (Ayuda) and the add-ons screen (spec doc 1 §2.5, §2.10). */
export const SUPPORT_LINKS = {
  helpCenter: 'https://ayuda.gestion-agro.com.ar',
  chat: 'https://wa.me/5491150000000',
  email: 'soporte@gestion-agro.local',
} as const;

/** Cache lifetimes in seconds (spec doc 1 §9). */
export const REFERENCE_CACHE_SECONDS = 3600;
export const WORKSPACE_MENU_CACHE_SECONDS = 3600;
export const LOADING_CANCEL_AFTER_MS = 10_000;
export const TABLE_PAGE_RESTORE_DELAY_MS = 500;
export const TABLE_COLUMN_MIN_WIDTH = 50;
export const RESPONSIVE_BREAKPOINT_PX = 768;

export const ACCESS_DENIED_WARNING = 'Debe solicitar los permisos para este módulo al dueño del espacio de trabajo';
export const REQUEST_CANCELLED = 'Solicitud cancelada por el usuario.';
export const GENERIC_ERROR = 'Ocurrió un error';
/** The failure warning of a request the user may retry (spec doc 1 §8, add-on requests). */
export const GENERIC_RETRY_ERROR = 'Ocurrió un error, por favor volver a intentar.';

/** Unhandled rendering failure (spec doc 1 §2.10): a dialog whose only button signs the user out. */
export const RENDER_ERROR = {
  title: 'Ha ocurrido un error',
  body: 'Por favor cierre sesión e intente nuevamente',
  action: 'Cerrar sesión',
} as const;

/** External field-mapping site opened by the Ambientaciones menu entry (spec doc 1 §2.5). */
export const FIELD_MAPPING_URL = 'https://ambientaciones.gestion-agro.com.ar';
