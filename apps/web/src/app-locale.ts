import type { ConfigProviderProps } from 'antd';
import esModule from 'antd/locale/es_ES';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/**
 * The bundler hands this CommonJS locale over wrapped as `{ default }`; antd unwraps such a wrapper itself, so a copy
 * of the wrapper with our texts on top would be dropped for the plain es_ES. Unwrap it before adding to it.
 */
function unwrap(mod: Locale | { default: Locale }): Locale {
  return 'default' in mod ? mod.default : mod;
}

const esES = unwrap(esModule);

/** Ant Design's es_ES in our voice (voseo), with plain Spanish sort tooltips on every table. */
export const APP_LOCALE: Locale = {
  ...esES,
  global: { ...esES.global, placeholder: 'Seleccioná' },
  Table: {
    ...esES.Table,
    selectNone: 'Deseleccionar todo',
    triggerAsc: 'Ordenar ascendente',
    triggerDesc: 'Ordenar descendente',
    cancelSort: 'Quitar orden',
  },
  Form: {
    ...esES.Form,
    defaultValidateMessages: { ...esES.Form?.defaultValidateMessages, required: 'Completá el campo ${label}' },
  },
};
