import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { FilePdfOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, RECIPE_MSG, type Recipe, type RecipeStatus } from '@fm/domain';
import { listKeys } from '../../../api/use-list';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction, toast } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { recipesApi } from '../api';
import { RECIPES_RESOURCE, useRecipeAccount } from '../queries';

const STATUS_COLOR: Record<RecipeStatus, string> = { Emitida: 'green', Anulada: 'red', Pendiente: 'gold' };
export const LOGIN_PATH = '/iniciar-sesion-recetas-agronomicas';

/**
 * Recetas agronómicas (/recetas-agronomicas; spec doc 2 §2.4, §7 "Recipes"): number, order, company, farm, date and
 * status, with PDF and Anular. A recipe service that needs an account sends an unlinked workspace to the login.
 */
export default function RecipesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useRecipeAccount();
  const canDelete = useCan('agro_recipes', 'delete');

  if (account.data?.account_required && !account.data.linked) return <Navigate to={LOGIN_PATH} replace />;

  const pdf = async (r: Recipe) => {
    try {
      await recipesApi.pdf(r.recipe_id, r.number);
    } catch (error) {
      toast.warning(error instanceof Error && error.message ? error.message : RECIPE_MSG.pdfFailed);
    }
  };
  const cancel = (r: Recipe) =>
    confirmAction({
      confirm: { title: `¿Anular la receta N° ${r.number}?`, content: 'La receta queda anulada y su PDF lo indica.', okText: 'Anular', danger: true },
      run: () => recipesApi.cancel(r.recipe_id),
      success: RECIPE_MSG.cancelled,
      after: () => queryClient.invalidateQueries({ queryKey: listKeys.all(RECIPES_RESOURCE) }),
    });

  const columns: DataColumn<Recipe>[] = [
    { title: 'Número', dataIndex: 'number', sortField: 'number', width: 140 },
    {
      title: 'Orden de trabajo',
      dataIndex: 'work_order_id',
      sortField: 'work_order_id',
      width: 130,
      render: (id: number) => (
        <Typography.Link onClick={() => void navigate(`/orden-de-trabajo/detalle?work_order_id=${id}`)}>N° {id}</Typography.Link>
      ),
    },
    { title: 'Empresa', key: 'company', minWidth: 140, render: (_: unknown, r) => r.company.name },
    { title: 'Establecimiento', key: 'farm', minWidth: 140, render: (_: unknown, r) => r.farm.name },
    { title: 'Fecha', dataIndex: 'created_at', sortField: 'created_at', width: 110, render: (v: string) => formatDate(v) },
    { title: 'Estado', dataIndex: 'status', sortField: 'status', width: 110, render: (s: RecipeStatus) => <Tag color={STATUS_COLOR[s]}>{s}</Tag> },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Tooltip title="Descargar PDF">
            <Button type="text" size="small" aria-label="PDF" icon={<FilePdfOutlined />} onClick={() => void pdf(r)} />
          </Tooltip>
          {canDelete && r.status !== 'Anulada' && (
            <Tooltip title="Anular">
              <Button type="text" size="small" danger aria-label="Anular" icon={<StopOutlined />} onClick={() => void cancel(r)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Recetas agronómicas
      </Typography.Title>
      <DataTable<Recipe>
        stateKey="recipes"
        resource={RECIPES_RESOURCE}
        columns={columns}
        rowKey={(r) => r.recipe_id}
        defaultPageSize={10}
        filterFields={[
          { field: 'number', label: 'Número', type: 'string' },
          { field: 'work_order_id', label: 'Orden de trabajo', type: 'number' },
          { field: 'status', label: 'Estado', type: 'string' },
        ]}
        toolbar={
          <Button icon={<LinkOutlined />} onClick={() => void navigate(LOGIN_PATH)}>
            Cuenta de recetas
          </Button>
        }
      />
    </div>
  );
}
