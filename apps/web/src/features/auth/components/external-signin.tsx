import { useState } from 'react';
import { toastLater } from '../../../components/feedback/lazy-toast';
import { startExternalSignIn, type ExternalProvider } from '../api';
import { APPLE, GOOGLE, Icon, PlainButton } from './plain-ui';
import styles from './auth.module.css';

/** 'Ingresar con Google' / 'Ingresar con Apple' (spec doc 1 §2.6). */
export function ExternalSignIn() {
  const [busy, setBusy] = useState<ExternalProvider | null>(null);
  const go = async (provider: ExternalProvider) => {
    setBusy(provider);
    try {
      await startExternalSignIn(provider);
    } catch (err) {
      toastLater.apiError(err);
      setBusy(null);
    }
  };
  return (
    <div className={styles.external}>
      <PlainButton icon={<Icon paths={GOOGLE} />} loading={busy === 'google'} onClick={() => void go('google')}>
        Ingresar con Google
      </PlainButton>
      <PlainButton icon={<Icon paths={APPLE} />} loading={busy === 'apple'} onClick={() => void go('apple')}>
        Ingresar con Apple
      </PlainButton>
    </div>
  );
}
