import { test, expect, mailLink, pick, signInUi, uniqueEmail } from './fixtures';

test.describe('cuenta: registro, validación, ingreso y restablecimiento', () => {
  test('un usuario se registra, valida el email, ingresa y restablece la contraseña', async ({ page }) => {
    const email = uniqueEmail('lucia');

    // Register through the UI
    await page.goto('/');
    await page.getByRole('link', { name: 'Registrate aquí' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellido').fill('Gómez');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Teléfono').fill('249 15 412-3456');
    await pick(page, 'Ocupación', 'Productor');
    await pick(page, 'Provincia', 'Buenos Aires');
    await pick(page, 'Partido o departamento', 'Tandil');
    await pick(page, 'Localidad', 'Tandil');
    await page.getByLabel('Contraseña', { exact: true }).fill('campo123');
    await page.getByLabel('Repetir contraseña').fill('campo123');
    await page.getByText('Acepto los términos y condiciones').click();
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page).toHaveURL(/\/validar-mail\?email=/);
    await expect(page.getByText('Revisá tu correo')).toBeVisible();

    // Not validated yet: sign-in is refused with the server's message
    await page.goto('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña').fill('campo123');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByText(/\(403\)/)).toBeVisible();

    // Validate through the e-mailed link
    const validation = await mailLink(page, email, '/validar-mail-ok/');
    await page.goto(validation);
    await expect(page.getByText('¡Tu email fue validado!')).toBeVisible();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Sign in
    await signInUi(page, email, 'campo123');
    await expect(page.getByRole('heading', { name: 'Hola, Lucía' })).toBeVisible();

    // Sign out (a new user meets the onboarding offer on home, so go straight to /salir)
    await page.goto('/salir');
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();

    // Reset the password through the e-mailed link
    await page.getByRole('link', { name: 'Reestablecer' }).click();
    // the page is loaded lazily: type only once it is there, and check the value stuck
    await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Enlace enviado')).toBeVisible();
    const reset = await mailLink(page, email, '/restablecer-password-confirmar/');
    await page.goto(reset);
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('nueva456');
    await page.getByLabel('Repetir contraseña').fill('nueva456');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText('La contraseña se cambió correctamente')).toBeVisible();

    // The old password no longer works; the new one does
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña').fill('campo123');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.getByText('El email o la contraseña son incorrectos')).toBeVisible();
    await signInUi(page, email, 'nueva456');
    await expect(page.getByRole('heading', { name: 'Hola, Lucía' })).toBeVisible();
  });

  test('cambiar el email lo deja pendiente hasta abrir el enlace enviado a la casilla nueva', async ({ page }) => {
    const email = uniqueEmail('cambio');
    const person = { name: 'Irene', last_name: 'Sosa', phone: '0249 15 412-3456', occupation: 'Asesor', city_id: 1 };
    expect((await page.request.post('/fm/v1/users/signup', { data: { ...person, email, password: 'campo123', repeat_password: 'campo123' } })).status()).toBe(201);
    await page.goto(await mailLink(page, email, '/validar-mail-ok/'));
    await expect(page.getByText('¡Tu email fue validado!')).toBeVisible();
    await signInUi(page, email, 'campo123');
    await page.getByRole('button', { name: 'Más tarde' }).click();

    await page.goto('/mi-perfil');
    await page.getByRole('button', { name: 'Editar' }).click();
    const next = uniqueEmail('nuevo');
    await page.getByLabel('Email').fill(next);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`Te enviamos un enlace a ${next} para confirmar tu nuevo email.`, { exact: false })).toBeVisible();
    const view = page.getByTestId('profile-view');
    await expect(view).toContainText(email);
    await expect(view).toContainText(`Pendiente de confirmación: ${next}`);

    // the link mailed to the new address swaps it and ends every session
    await page.goto(await mailLink(page, next, '/confirmar-mail/'));
    await expect(page.getByText('¡Tu email se cambió!')).toBeVisible();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await signInUi(page, next, 'campo123');
    await page.goto('/mi-perfil');
    await expect(page.getByTestId('profile-view')).toContainText(next);
    await expect(page.getByText('Pendiente de confirmación')).toHaveCount(0);
  });

  test('el formulario de ingreso muestra los mensajes de validación', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(page.locator('.ant-form-item-explain-error', { hasText: 'El email es obligatorio' })).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error', { hasText: 'La contraseña es obligatoria' })).toBeVisible();
    await page.getByLabel('Email').fill('ana@');
    await page.getByLabel('Contraseña').fill('123');
    await expect(page.locator('.ant-form-item-explain-error', { hasText: 'El formato del email es incorrecto' })).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error', { hasText: 'La contraseña debe tener al menos 6 caracteres' })).toBeVisible();
  });
});
