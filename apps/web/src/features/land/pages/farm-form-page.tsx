import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useResourceScope } from '../../resources/queries';
import { FarmFormForId } from '../components/farm-form-modal';
import { FarmsSection } from '../components/farms-section';

/** /mis-recursos/establecimientos/nuevo and /:farm_id/editar: the farms list with the form open over it. */
export default function FarmFormPage() {
  const navigate = useNavigate();
  const id = Number(useParams().farm_id ?? 0);
  const scope = useResourceScope();
  const close = useCallback(() => navigate('/mis-recursos?tab=establecimientos'), [navigate]);
  return (
    <>
      <FarmsSection />
      <FarmFormForId scope={scope} farmId={id || null} open onClose={close} />
    </>
  );
}
