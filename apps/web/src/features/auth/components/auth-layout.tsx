import type { ReactNode } from 'react';
import styles from './auth.module.css';

/**
 * Frame of the public screens: brand and a centered card. Plain markup with antd's Card and Typography look, so
 * the sign-in screen loads without antd.
 */
export function AuthLayout({ title, subtitle, children, wide }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <span>Gestión Agro</span>
      </div>
      <section className={wide ? styles.cardWide : styles.card} aria-labelledby="auth-title">
        <h2 id="auth-title" className={styles.title}>
          {title}
        </h2>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
