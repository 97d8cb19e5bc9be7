import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/**
 * Carga masiva (/granos/movimiento/carga-masiva, issue 11 item 3): built apart (template export, import, preview,
 * save). Until it lands this page says so and goes back to the list, so the movements flag can be on.
 */
export default function BulkLoadPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="Carga masiva"
      subTitle="La carga masiva de movimientos todavía no está disponible."
      extra={<Button onClick={() => void navigate('/granos/movimientos')}>Volver al listado</Button>}
    />
  );
}
