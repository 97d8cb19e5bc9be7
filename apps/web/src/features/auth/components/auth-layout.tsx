import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import styles from './auth.module.css';

/** Frame of the public screens: brand and a centered card. */
export function AuthLayout({ title, subtitle, children, wide }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <span>Gestión Agro</span>
      </div>
      <Card className={wide ? styles.cardWide : styles.card}>
        <Typography.Title level={2} className={styles.title}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary" className={styles.subtitle}>{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </main>
  );
}
