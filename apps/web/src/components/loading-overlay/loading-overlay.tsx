import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Spin } from 'antd';
import { LOADING_CANCEL_AFTER_MS } from '@fm/domain';
import { cancelAll, pendingCount, subscribeOverlay } from './overlay-store';
import styles from './loading-overlay.module.css';

/** Full-screen CARGANDO... with CANCELAR after 10 s; cancelling aborts the requests behind it. */
export function LoadingOverlay({ visible: forced }: { visible?: boolean }) {
  const count = useSyncExternalStore(subscribeOverlay, pendingCount, pendingCount);
  const visible = forced ?? count > 0;
  const [canCancel, setCanCancel] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setCanCancel(true), LOADING_CANCEL_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setCanCancel(false);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div className={styles.overlay} role="alertdialog" aria-busy="true" aria-label="CARGANDO...">
      <Spin size="large" />
      <div className={styles.text}>CARGANDO...</div>
      {canCancel && (
        <Button ghost onClick={cancelAll}>
          CANCELAR
        </Button>
      )}
    </div>
  );
}
