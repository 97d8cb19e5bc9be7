import { Button, Card, Flex, Typography } from 'antd';
import { EnvironmentOutlined, ExportOutlined, SyncOutlined } from '@ant-design/icons';
import { FIELD_MAPPING_MSG, fieldMappingAvailable } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { isApiError } from '../../../api/errors';
import { LINKS } from '../../../config/links';
import { useSession } from '../../../session/hooks';
import { useSynchronizeUser } from '../queries';

/** The failure toast: the server's Spanish reason when it gave one, else the spec's 'Ocurrió un error' (doc 1 §8). */
export function syncFailureText(error: unknown): string {
  return isApiError(error) && error.message ? error.message : FIELD_MAPPING_MSG.error;
}

/**
 * Mi perfil's Ambientaciones card: 'Sincronizar Ambientaciones' creates or links the user's account in the
 * field-mapping service. Shown when the account may use it (flag, add-on, not the trial: doc 1 §2.2).
 */
export function FieldMappingCard() {
  const session = useSession();
  const synchronize = useSynchronizeUser();
  if (!session || !fieldMappingAvailable(session)) return null;
  const linked = Boolean(session.user.field_mapping_token);
  const run = () =>
    synchronize.mutate(undefined, {
      onSuccess: () => toast.success(FIELD_MAPPING_MSG.synchronized),
      onError: (error) => toast.warning(syncFailureText(error)),
    });
  return (
    <Card title={<><EnvironmentOutlined /> Ambientaciones</>} data-testid="field-mapping-card">
      <Flex vertical gap={12}>
        <Typography.Text type={linked ? 'success' : 'secondary'}>
          {linked
            ? 'Tu usuario está sincronizado: abrí tus lotes en Ambientaciones desde el menú.'
            : 'Sincronizá tu usuario para ver los ambientes de tus lotes en Ambientaciones.'}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button type={linked ? 'default' : 'primary'} icon={<SyncOutlined />} loading={synchronize.isPending} onClick={run}>
            {linked ? 'Volver a sincronizar' : 'Sincronizar Ambientaciones'}
          </Button>
          {linked && (
            <Button icon={<ExportOutlined />} href={LINKS.fieldMapping} target="_blank" rel="noopener noreferrer">
              Abrir Ambientaciones
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
