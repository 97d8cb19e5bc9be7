import { validateEmail } from '../api';
import { TokenLinkPage } from './token-link-page';

/** Opens the e-mailed validation link: validates the token once and shows the result. */
export function ValidateMailOkPage() {
  return (
    <TokenLinkPage
      title="Validación de email"
      name="email-validation"
      run={validateEmail}
      pending="Validando tu email..."
      failure="No pudimos validar tu email"
      success={() => ({ title: '¡Tu email fue validado!', subTitle: 'Ya podés iniciar sesión.' })}
    />
  );
}
