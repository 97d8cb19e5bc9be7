import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RECIPE_MSG, RecipeAccountBody } from '@fm/domain';
import { applyServerErrors, zodRule } from '../../../components/form';
import { confirmAction, toast } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { recipesApi } from '../api';
import { recipeKeys, useRecipeAccount } from '../queries';

type Values = { recipe_user: string; recipe_password: string };

/**
 * Iniciar sesión en recetas agronómicas (/iniciar-sesion-recetas-agronomicas; spec doc 2 §2.4, §3 "Recipe"): links
 * the workspace's account of the recipe service. The password goes to the server once and is never shown again.
 */
export default function RecipesLoginPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useRecipeAccount();
  const canCreate = useCan('agro_recipes', 'create');
  const canDelete = useCan('agro_recipes', 'delete');
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: recipeKeys.accounts() });

  const link = async (values: Values) => {
    setSaving(true);
    try {
      toast.success((await recipesApi.link(values)) ?? RECIPE_MSG.accountLinked);
      form.resetFields();
      await refresh();
      void navigate('/recetas-agronomicas');
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };
  const unlink = () =>
    confirmAction({
      confirm: { title: '¿Desvincular la cuenta de recetas?', okText: 'Desvincular', danger: true },
      run: () => recipesApi.unlink(),
      success: RECIPE_MSG.accountUnlinked,
      after: refresh,
    });

  if (account.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  const data = account.data;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Recetas agronómicas
      </Typography.Title>
      <Card style={{ maxWidth: 480 }} title="Cuenta del servicio de recetas">
        {data?.linked ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert type="success" showIcon message={`Cuenta vinculada: ${data.recipe_user_masked ?? ''}`} />
            <Space>
              <Button type="primary" onClick={() => void navigate('/recetas-agronomicas')}>
                Ver recetas
              </Button>
              {canDelete && (
                <Button danger onClick={() => void unlink()}>
                  Desvincular
                </Button>
              )}
            </Space>
          </Space>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {data?.account_required
                ? 'Ingresá con tu usuario del servicio de recetas agronómicas para pedir recetas desde las órdenes de trabajo.'
                : 'Las recetas se emiten con la numeración de este espacio de trabajo; vinculá tu cuenta si usás un servicio de recetas.'}
            </Typography.Paragraph>
            <Form form={form} layout="vertical" name="recipes-login" onFinish={(v) => void link(v)} disabled={!canCreate}>
              <Form.Item name="recipe_user" label="Usuario" rules={[zodRule(RecipeAccountBody.shape.recipe_user)]}>
                <Input autoComplete="username" maxLength={120} />
              </Form.Item>
              <Form.Item name="recipe_password" label="Contraseña" rules={[zodRule(RecipeAccountBody.shape.recipe_password)]}>
                <Input.Password autoComplete="current-password" maxLength={200} />
              </Form.Item>
              <Space>
                {!data?.account_required && <Button onClick={() => void navigate('/recetas-agronomicas')}>Ver recetas</Button>}
                <Button type="primary" htmlType="submit" loading={saving}>
                  Vincular
                </Button>
              </Space>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
