import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { resourceApi } from '../api';
import { ResourceFormModal } from '../components/resource-form-modal';
import { resourceKeys, useResourceScope } from '../queries';
import { destinationsConfig, type Row } from '../resource-config';
import { DestinationsPage } from './master-data-pages';

/** Nuevo destino / Editar destino (/mis-recursos/destinos/nuevo, /:destination_id/editar): the destinations list with the form open over it. */
export default function DestinationFormPage() {
  const { destination_id: raw } = useParams();
  const navigate = useNavigate();
  const scope = useResourceScope();
  const id = raw ? Number(raw) : undefined;
  const record = useQuery({
    queryKey: [...resourceKeys.all('destinations'), 'one', id, scope],
    queryFn: async () => (await resourceApi<Row>('destinations', 'destination_id', scope).list({ destination_id: id }))[0] ?? null,
    enabled: id !== undefined,
  });
  if (id !== undefined && record.isLoading) return <Spin />;
  return (
    <>
      <DestinationsPage />
      <ResourceFormModal config={destinationsConfig} scope={scope} record={record.data ?? null} open onClose={() => void navigate('/mis-recursos/destinos')} />
    </>
  );
}
