import { useState } from 'react';
import { Table } from 'antd';
import { WORK_ORDER_HISTORY_PAGE_SIZES, historyLabel } from '@fm/domain';
import { emptyText } from '../../../components/data-table';
import { formatDateTimeAr } from '../format';
import { useWorkOrderHistory } from '../queries';
import type { WorkOrderHistoryRow } from '../types';

/** History of an order (GET work-orders/history), newest first; page sizes 5 and 10 (spec doc 2 §2.7, §9). */
export function HistoryPanel({ workOrderId }: { workOrderId: number }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(WORK_ORDER_HISTORY_PAGE_SIZES[0]);
  const history = useWorkOrderHistory(workOrderId, page, perPage);
  return (
    <Table<WorkOrderHistoryRow>
      size="small"
      rowKey={(r) => r.work_order_history_id}
      loading={history.isFetching}
      dataSource={history.data?.rows ?? []}
      locale={{ emptyText: emptyText(history.isFetching) }}
      scroll={{ x: 560 }}
      data-testid="wo-history"
      columns={[
        { title: 'Fecha', key: 'date', width: 150, render: (_: unknown, r) => formatDateTimeAr(r.created_at) },
        { title: 'Acción', key: 'action', width: 130, render: (_: unknown, r) => historyLabel(r.action, r.status) },
        { title: 'Detalle', key: 'detail', render: (_: unknown, r) => r.detail ?? '-' },
        { title: 'Usuario', key: 'user', width: 180, render: (_: unknown, r) => (r.user ? `${r.user.name} ${r.user.last_name ?? ''}`.trim() : '-') },
      ]}
      pagination={{
        current: page,
        pageSize: perPage,
        total: history.data?.total ?? 0,
        pageSizeOptions: WORK_ORDER_HISTORY_PAGE_SIZES.map(String),
        showSizeChanger: true,
        onChange: (p, size) => {
          setPage(size !== perPage ? 1 : p);
          setPerPage(size);
        },
      }}
    />
  );
}
