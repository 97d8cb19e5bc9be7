import { Empty, Typography } from 'antd';

/** Stand-in for a page another engineer is writing; their feature folder replaces it. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Empty description="Esta sección está en construcción." />
    </div>
  );
}

/** A lazy-loadable module whose default export renders the placeholder titled `title`. */
export function placeholderModule(title: string) {
  return Promise.resolve({ default: () => <PagePlaceholder title={title} /> });
}
