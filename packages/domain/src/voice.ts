const IMPERATIVES = 'Seleccione|Ingrese|Elija|Pruebe|Verifique|Intente|Revise|Espere|Complete|Cargue|Agregue|Adjunte|Indique|Cierre|Use|Vuelva|Contacte|Escriba|Confirme|Acepte|Solicite|Haga|Presione|Elimine|Guarde|Inicie';
/** Inside a sentence only the forms that are never a noun ('el cierre') or an English word ('complete'). */
const INNER_IMPERATIVES = 'seleccione|ingrese|elija|pruebe|verifique|intente|revise|espere|adjunte|indique|use|vuelva|contacte|escriba';

/**
 * 'Usted' forms our own texts never use (voseo: 'Seleccioná', 'Ingresá', 'Intentá'): the imperatives anywhere, and
 * 'Debe ...' addressed to the reader at the start of a sentence ('El nombre debe tener ...' is fine).
 */
const USTED_FORMS = new RegExp(`(?<![\\p{L}/.\\-])(${IMPERATIVES}|${INNER_IMPERATIVES})(?![\\p{L}/.\\-])|(^|[.!?¡¿]\\s*)Debe\\s`, 'u');

/** Texts the spec gives in the 'usted' form, kept verbatim (doc 1 §2.3, §2.10, §5, §8; doc 2 §5; doc 3 §5, §8). */
const SPEC_USTED_TEXTS: ReadonlySet<string> = new Set([
  'Debe solicitar los permisos para este módulo al dueño del espacio de trabajo',
  'Debe seleccionar una localidad',
  'Debe seleccionar una empresa',
  'Debe seleccionar un deposito',
  'Debe seleccionar un establecimiento',
  'Debe seleccionar un establecimiento.',
  'Debe seleccionar un Establecimiento.',
  'Debe seleccionar una Labor.',
  'Debe ingresar Tipo de cambio.',
  'Debe seleccionar una fecha.',
  'Debe aceptar los términos y condiciones para registrarse.',
  'Debe seleccionar un rol',
  '¡Ha ocurrido un error! Intente nuevamente.',
  'Por favor cierre sesión e intente nuevamente',
  // doc 3 §5, §8 (grains)
  'Seleccione al menos un movimiento para recepcionar',
  'Error al procesar el archivo. Por favor, verifique el formato.',
]);

/** Whether a text of ours speaks in the 'usted' form instead of voseo (one Spanish voice). */
export function breaksVoseo(text: string): boolean {
  return USTED_FORMS.test(text) && !SPEC_USTED_TEXTS.has(text);
}
