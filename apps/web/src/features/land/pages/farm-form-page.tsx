import { useNavigate, useParams } from 'react-router';
import { Spin } from 'antd';
import { useResourceScope } from '../../resources/queries';
import { FarmFormModal } from '../components/farm-form-modal';
import { FarmsSection } from '../components/farms-section';
import { useFarms } from '../queries';

/** /mis-recursos/establecimientos/nuevo and /:farm_id/editar: the farms list with the form open over it. */
export default function FarmFormPage() {
  const navigate = useNavigate();
  const id = Number(useParams().farm_id ?? 0);
  const scope = useResourceScope();
  const farms = useFarms(scope, true);
  const record = id ? (farms.data?.find((f) => f.farm_id === id) ?? null) : null;
  const close = () => navigate('/mis-recursos?tab=establecimientos');
  if (id && farms.isLoading) return <Spin />;
  return (
    <>
      <FarmsSection />
      <FarmFormModal scope={scope} record={record} open onClose={close} />
    </>
  );
}
