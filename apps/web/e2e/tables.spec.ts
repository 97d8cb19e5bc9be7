import { test, expect, signInUi, DEMO } from './fixtures';

const LISTS = [
  '/mis-recursos?tab=empresas',
  '/mis-recursos?tab=establecimientos',
  '/mis-recursos?tab=proveedores',
  '/mis-recursos?tab=compradores',
  '/mis-recursos?tab=transportes',
  '/mis-recursos?tab=choferes',
  '/mis-recursos?tab=destinos',
  '/mis-recursos?tab=contratistas',
  '/mis-recursos?tab=consignatarios',
  '/campanas',
  '/plan-de-siembra',
  '/usuarios',
  '/equipo',
  '/espacio-trabajo',
  '/notificaciones',
];

test.describe('tablas y números como los lee un usuario', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a 1440 px ninguna columna queda escondida detrás de Acciones, y el orden se explica en español', async ({ page }) => {
    test.setTimeout(120_000);
    await signInUi(page, DEMO.email, DEMO.password);
    for (const path of LISTS) {
      await page.goto(path);
      await expect(page.locator('.ant-table').first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const overflow = await page.locator('.ant-table-content').evaluateAll((boxes) => boxes.map((b) => b.scrollWidth - b.clientWidth));
      expect(overflow.every((px) => px <= 1), `${path}: ${overflow.join(', ')} px fuera de la vista`).toBe(true);
    }

    await page.goto('/campanas');
    await page.locator('thead th').filter({ hasText: 'Nombre' }).hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText('Ordenar ascendente');
  });

  test('las listas grandes entran enteras desde 1400 px, y a 1280 se corren de costado sin esconder columnas bajo Acciones', async ({ page }) => {
    test.setTimeout(120_000);
    await signInUi(page, DEMO.email, DEMO.password);
    for (const width of [1280, 1400, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/orden-de-trabajo', '/granos/movimientos', '/contratos', '/inventario-stock']) {
        await page.goto(path);
        await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        const box = page.locator('.ant-table-content').first();
        const overflow = await box.evaluate((b) => b.scrollWidth - b.clientWidth);
        if (width >= 1400) expect(overflow, `${path} a ${width} px: ${overflow} px fuera de la vista`).toBeLessThanOrEqual(1);
        // scrolled to the end, the last data column ends where the fixed Acciones column starts
        await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
        const [last, actions] = await page.locator('thead th').evaluateAll((ths) => {
          const fixed = ths.findIndex((th) => th.textContent?.trim() === 'Acciones');
          return [ths[fixed - 1].getBoundingClientRect().right, ths[fixed].getBoundingClientRect().left];
        });
        expect(last, `${path} a ${width} px`).toBeLessThanOrEqual(actions + 1);
        // no header word is cut in two (a long name in a narrow fixed-width column may still wrap)
        const broken = await page.locator('thead th').evaluateAll((cells) =>
          cells.flatMap((cell) => {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            const cut: string[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent?.trim() ?? '';
              if (!text || /[\s/-]/.test(text)) continue; // spaces, hyphens and slashes are where a line may break
              const range = document.createRange();
              range.selectNodeContents(node);
              if (range.getClientRects().length > 1) cut.push(text); // one word on two lines
            }
            return cut;
          }),
        );
        expect(broken, `${path} a ${width} px`).toEqual([]);
      }
    }
  });

  test('las hectáreas se muestran y se escriben con coma decimal, como en las tablas', async ({ page }) => {
    await signInUi(page, DEMO.email, DEMO.password);
    await page.goto('/mis-recursos?tab=establecimientos');
    await page.getByRole('row').filter({ hasText: 'San Carlos' }).getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar establecimiento' });
    const hectares = dialog.getByLabel('Hectáreas').first();
    await expect(hectares).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/);
    for (const [typed, shown] of [['85.5', '85,50'], ['85,5', '85,50'], ['1234,5', '1.234,50']]) {
      await hectares.fill('');
      await hectares.pressSequentially(typed);
      await dialog.getByText('Lotes', { exact: true }).click();
      await expect(hectares).toHaveValue(shown);
    }
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});
