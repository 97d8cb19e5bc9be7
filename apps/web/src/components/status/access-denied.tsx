import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ACCESS_DENIED_WARNING } from '@fm/domain';
import { toast } from '../feedback/toast';

/** Permission check failed (spec doc 1 §2.3). 'Ir al inicio' goes home with the warning. */
export function AccessDenied() {
  const navigate = useNavigate();
  const goHome = () => {
    toast.warning(ACCESS_DENIED_WARNING);
    navigate('/home', { replace: true });
  };
  return (
    <Result
      status="403"
      title="¡Acceso denegado!"
      subTitle="No tenés permiso para ver este módulo en el espacio de trabajo seleccionado."
      extra={
        <Button type="primary" onClick={goHome}>
          Ir al inicio
        </Button>
      }
    />
  );
}
