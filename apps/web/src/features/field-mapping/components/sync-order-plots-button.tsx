import { Button, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { fieldMappingMenuVisible } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { useSession } from '../../../session/hooks';
import { useSyncPlots } from '../queries';
import { plotsSyncSummary } from '../sync-plots';
import type { PlotRef } from '../sync-plots';

/**
 * The work order's 'Sincronizar' (doc 2 §2.7): pushes the order's plots to Ambientaciones and says how many went
 * through. Shown only with the service's access: add-on, not the trial, and a synchronised user (the menu's rule).
 */
export function SyncOrderPlotsButton({ plots }: { plots: readonly PlotRef[] }) {
  const session = useSession();
  const sync = useSyncPlots();
  if (!session || !fieldMappingMenuVisible(session) || plots.length === 0) return null;
  const run = () =>
    sync.mutate(plots, {
      onSuccess: (report) => {
        const text = plotsSyncSummary(report);
        if (report.synced === report.total) toast.success(text);
        else toast.warning(text);
      },
    });
  return (
    <Tooltip title="Enviar los lotes de la orden a Ambientaciones">
      <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={run} data-testid="field-mapping-sync">
        Sincronizar
      </Button>
    </Tooltip>
  );
}
