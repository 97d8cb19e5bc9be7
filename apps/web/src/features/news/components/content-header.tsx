import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The title, subtitle and action of the Novedades and Agro en un minuto pages. */
export function ContentHeader({ title, subtitle, action }: { title: string; subtitle: string; action: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
      {action}
    </Flex>
  );
}
