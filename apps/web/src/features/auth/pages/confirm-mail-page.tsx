import { clearSession } from '../../../session/session-store';
import { confirmEmailChange } from '../api';
import { TokenLinkPage } from './token-link-page';

/** The confirmation used every session of the account: the stored one goes too, so the next screen is the sign-in. */
async function confirmAndSignOut(token: string): Promise<string> {
  const email = await confirmEmailChange(token);
  clearSession();
  return email;
}

/**
 * /confirmar-mail/:token, the link mailed to a new address (PUT users): swaps the account's e-mail once.
 * Reachable signed in or not, since the person who asked for the change usually still has a session.
 */
export function ConfirmMailPage() {
  return (
    <TokenLinkPage
      title="Confirmación de email"
      name="email-change"
      run={confirmAndSignOut}
      pending="Confirmando tu nuevo email..."
      failure="No pudimos confirmar tu nuevo email"
      success={(email) => ({ title: '¡Tu email se cambió!', subTitle: `Ingresá con ${email}.` })}
    />
  );
}
