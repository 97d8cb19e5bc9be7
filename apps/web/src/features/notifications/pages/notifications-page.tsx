import { Button, Card, Flex, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatDayMonth, isUnread, type AppNotification } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { toast } from '../../../components/feedback';
import { NOTIFICATIONS_PATH, trackNotificationPress } from '../api';
import { useSession } from '../../../session/hooks';
import { useMarkRead } from '../queries';

/** In-app target of a notification (action navigate-to, params.web); only app paths are followed. */
function targetOf(n: AppNotification): string | undefined {
  const web = n.action?.params.web;
  return web && web.startsWith('/') && !web.startsWith('//') ? web : undefined;
}

/** /notificaciones: every notification, paged, newest first; mark as read; open its target. */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const userId = useSession()?.user.user_id;

  const read = async (n: AppNotification) => {
    try {
      await markRead.mutateAsync(n.notification_id);
    } catch (err) {
      toast.apiError(err);
    }
  };
  const open = async (n: AppNotification) => {
    trackNotificationPress(n.notification_id, userId);
    if (isUnread(n)) await read(n);
    const target = targetOf(n);
    if (target) navigate(target);
  };

  const columns: DataColumn<AppNotification>[] = [
    {
      title: 'Fecha',
      key: 'datetimecreate',
      width: 140,
      render: (_, n) => formatDayMonth(n.datetimecreate),
    },
    {
      title: 'Notificación',
      key: 'title',
      render: (_, n) => (
        <Flex vertical gap={2}>
          <Typography.Link
            strong={isUnread(n)}
            href={targetOf(n) ?? '#'}
            onClick={(e) => {
              e.preventDefault();
              void open(n);
            }}
          >
            {n.title}
          </Typography.Link>
          <Typography.Text type="secondary">{n.body}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Estado',
      key: 'readed',
      width: 120,
      render: (_, n) => (isUnread(n) ? <Tag color="green">Nueva</Tag> : <Tag>Leída</Tag>),
    },
    {
      title: '',
      key: 'actions',
      width: 190,
      render: (_, n) =>
        isUnread(n) ? (
          <Button size="small" icon={<CheckOutlined />} loading={markRead.isPending && markRead.variables === n.notification_id} onClick={() => void read(n)}>
            Marcar como leída
          </Button>
        ) : null,
    },
  ];

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Notificaciones
      </Typography.Title>
      <DataTable<AppNotification>
        stateKey="notificaciones"
        resource={NOTIFICATIONS_PATH}
        columns={columns}
        rowKey={(n) => n.notification_id}
      />
    </Card>
  );
}
