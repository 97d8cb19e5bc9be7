import { z } from 'zod';
import { normalizePhone } from './phone';

/** Occupation options (spec doc 1 §3). */
export const OCCUPATIONS = [
  'Productor',
  'Asesor',
  'Contratista',
  'Administrativo',
  'Dueño de campo',
  'Lector',
  'Agronomía / Distribuidor',
  'Estudiante',
  'otro(s)',
] as const;

export const MSG = {
  emailRequired: 'El email es obligatorio',
  emailFormat: 'El formato del email es incorrecto',
  emailInvalid: 'El email es inválido',
  passwordRequired: 'La contraseña es obligatoria',
  passwordMinLogin: 'La contraseña debe tener al menos 6 caracteres',
  passwordMinSignup: 'La contraseña debe tener como mínimo 6 caracteres',
  passwordsMismatch: 'Las contraseñas no coinciden',
  termsRequired: 'Debe aceptar los términos y condiciones para registrarse.',
  nameMin: 'El nombre debe tener al menos 3 caracteres',
  lastNameMin: 'El apellido debe tener al menos 3 caracteres',
  phoneEmpty: 'El número de teléfono no debe estar vacío',
  roleRequired: 'Debe seleccionar un rol',
  localityRequired: 'Debe seleccionar una localidad',
  provinceRequired: 'Seleccioná una provincia',
  districtRequired: 'Seleccioná un partido o departamento',
  nameRequired: 'El nombre es obligatorio',
  lastNameRequired: 'El apellido es obligatorio',
  phoneRequired: 'El teléfono es obligatorio',
  workspaceRequired: 'El espacio de trabajo es obligatorio',
  resendOk: '¡Se envio el mail de validación con éxito!',
  alreadyValidated: 'El correo electrónico ya se encuentra validado',
  invalidCredentials: 'El email o la contraseña son incorrectos',
  emailNotValidated: 'Validá tu correo electrónico antes de ingresar. Revisá tu casilla o usá Reenviar.',
  emailTaken: 'Ya existe una cuenta con ese email',
  tokenInvalid: 'El token no es válido o ha expirado',
  validationLinkInvalid: 'El enlace de validación no es válido o ha expirado',
  tooManyRequests: 'Demasiados intentos. Esperá unos minutos e intentá nuevamente.',
  profileOk: 'Editado correctamente',
  profileError: '¡Ha ocurrido un error! Intente nuevamente.',
  resetSent: 'Si el email corresponde a una cuenta, te enviamos un enlace para restablecer la contraseña.',
  passwordChanged: 'La contraseña se cambió correctamente',
  signupCompleted: '¡Registro completado!',
  signupPasswordLocked: 'El registro ya está completo: para cambiar la contraseña usá Reestablecer.',
} as const;

/** Changing one's e-mail (PUT users with a new email, then POST users/email/confirm from the mailed link). */
export const EMAIL_CHANGE_MSG = {
  requested: (email: string) => `Te enviamos un enlace a ${email} para confirmar tu nuevo email. Hasta que lo confirmes, seguís ingresando con el actual.`,
  confirmed: 'Tu email se cambió. Ingresá con tu nuevo email.',
  invalidLink: 'El enlace para confirmar el email no es válido o ha expirado',
  pending: (email: string) => `Pendiente de confirmación: ${email}`,
} as const;

const email = z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).max(254).email(MSG.emailFormat).transform((s) => s.toLowerCase());
const password = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(6, MSG.passwordMinLogin).max(128);
const phone = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .max(30)
  .refine((s) => s.replace(/\D/g, '').length >= 3, MSG.phoneEmpty)
  .transform(normalizePhone);
const occupation = z.string({ error: MSG.roleRequired }).trim().min(1, MSG.roleRequired).max(60);
const cityId = z.coerce.number({ error: MSG.localityRequired }).int().positive(MSG.localityRequired);

export const SigninBody = z.object({ email, password });
export type SigninBody = z.infer<typeof SigninBody>;

/** Values every registration sends as they are (spec doc 1 §3, §9). */
export const SIGNUP_FIXED = { birth_date: '1900-01-01', state_id: 1, language_id: 1 } as const;

/** Register payload (spec doc 1 §3); birth_date, state_id and language_id are fixed values. */
export const SignupBody = z
  .object({
    email,
    name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(100),
    last_name: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).max(100),
    password: z.string({ error: MSG.passwordRequired }).min(6, MSG.passwordMinSignup).max(128),
    repeat_password: z.string().max(128),
    phone,
    birth_date: z.string().max(10).default(SIGNUP_FIXED.birth_date),
    state_id: z.coerce.number().int().default(SIGNUP_FIXED.state_id),
    occupation,
    language_id: z.coerce.number().int().default(SIGNUP_FIXED.language_id),
    city_id: cityId.optional(),
    terms_accepted: z.boolean().optional(),
  })
  .refine((b) => b.password === b.repeat_password, { message: MSG.passwordsMismatch, path: ['repeat_password'] });
export type SignupBody = z.infer<typeof SignupBody>;

/** Finish signup payload (spec doc 1 §3) with the profile rules of §5; the password is optional. */
export const FinishSignupBody = z.object({
  password: z.string().min(6, MSG.passwordMinSignup).max(128).optional(),
  name: z.string({ error: MSG.nameMin }).trim().min(3, MSG.nameMin).max(100),
  last_name: z.string({ error: MSG.lastNameMin }).trim().min(3, MSG.lastNameMin).max(100),
  phone,
  occupation,
  city_id: cityId,
  first_login_mobile: z.boolean().optional(),
});
export type FinishSignupBody = z.input<typeof FinishSignupBody>;

export const ProfileBody = z.object({
  name: z.string().trim().min(3, MSG.nameMin).max(100).optional(),
  last_name: z.string().trim().min(3, MSG.lastNameMin).max(100).optional(),
  phone: phone.optional(),
  occupation: occupation.optional(),
  city_id: cityId.optional(),
  email: z.string().trim().max(254).email(MSG.emailInvalid).transform((s) => s.toLowerCase()).optional(),
  last_workspace_id: z.coerce.number().int().positive().optional(),
});
export type ProfileBody = z.input<typeof ProfileBody>;

export const PasswordChangeBody = z.object({
  password: z.string({ error: MSG.passwordRequired }).min(6, MSG.passwordMinSignup).max(128),
  repeat_password: z.string().max(128).optional(),
}).refine((b) => b.repeat_password === undefined || b.password === b.repeat_password, {
  message: MSG.passwordsMismatch,
  path: ['repeat_password'],
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

export const EmailQuery = z.object({ email });

/** POST users/email/confirm: the token of the link mailed to the new address. */
export const EmailConfirmBody = z.object({ token: z.string({ error: EMAIL_CHANGE_MSG.invalidLink }).trim().min(10, EMAIL_CHANGE_MSG.invalidLink).max(200) });

/** Subscription plans (spec doc 1 §9). */
export const PLAN = { FREE: 1, PRO: 2, TRIAL: 3 } as const;
export const TRIAL_DAYS = 15;
export const PLAN_NAMES: Record<number, string> = { 1: 'Gratuito', 2: 'PRO', 3: 'PRO prueba' };

/** Add-ons; id 4 is hectares, shown apart (spec doc 1 §9). */
export const ADDONS = [
  { addon_id: 1, name: 'Usuarios', type: 'users' },
  { addon_id: 2, name: 'Empresas', type: 'companies' },
  { addon_id: 3, name: 'Reportes', type: 'reports' },
  { addon_id: 4, name: 'Hectáreas', type: 'hectares' },
  { addon_id: 5, name: 'Recetas', type: 'recipes' },
  { addon_id: 6, name: 'Ambientaciones', type: 'field_mapping' },
] as const;
