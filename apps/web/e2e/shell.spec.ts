import { test, expect, signInUi, DEMO } from './fixtures';

test.describe('shell con la cuenta de demostración', () => {
  test('ingresa por la UI y ve el menú, la barra superior y el inicio', async ({ page }) => {
    await signInUi(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
    await expect(page.getByText(/\d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();

    const menu = page.getByRole('menu', { name: 'Menú principal' });
    for (const label of ['Home', 'Planificación', 'Configuración', 'Tienda de insumos', 'Cerrar sesión']) {
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    }
    // Built modules have their entry; those not built yet (flags off) have none
    await expect(menu.getByText('Comercialización de granos')).toBeVisible();
    await expect(menu.getByText('Ganadería')).toHaveCount(0);

    await expect(page.getByLabel('Espacio de trabajo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ayuda' })).toBeVisible();
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await expect(page.getByRole('link', { name: '¡Mirá todas!' })).toBeVisible();
    await page.keyboard.press('Escape');

    await menu.getByText('Planificación').click();
    await menu.getByText('Campañas').click();
    await expect(page).toHaveURL(/\/campanas$/);
    await expect(page.getByRole('heading', { name: 'Campañas' })).toBeVisible();
  });

  test('la tienda oculta la barra superior', async ({ page }) => {
    await signInUi(page, DEMO.email, DEMO.password);
    await page.getByRole('menu', { name: 'Menú principal' }).getByText('Tienda de insumos').click();
    await expect(page.getByRole('heading', { name: 'Tienda de insumos' })).toBeVisible();
    await expect(page.getByLabel('Espacio de trabajo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notificaciones' })).toHaveCount(0);
  });

  test('una ruta desconocida muestra 404!, y una de un módulo apagado también', async ({ page }) => {
    await signInUi(page, DEMO.email, DEMO.password);
    await page.goto('/no-existe');
    await expect(page.getByText('404!')).toBeVisible();
    await page.goto('/ganaderia');
    await expect(page.getByText('404!')).toBeVisible();
  });

  test('una página pública redirige al inicio si hay sesión, y Cerrar sesión la cierra', async ({ page }) => {
    await signInUi(page, DEMO.email, DEMO.password);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });

  test('debajo de 768 px el menú es un cajón', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInUi(page, DEMO.email, DEMO.password);
    await expect(page.getByRole('menu', { name: 'Menú principal' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await expect(menu).toBeVisible();
    await menu.getByText('Configuración').click();
    await menu.getByText('Mi perfil').click();
    await expect(page).toHaveURL(/\/mi-perfil$/);
    await expect(page.getByRole('menu', { name: 'Menú principal' })).toBeHidden();
  });
});
