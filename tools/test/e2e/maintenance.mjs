// The super administrator turns maintenance on; a normal user sees the maintenance page, /hisarai still works.
import { apiStatus, expect, newPage, signIn } from './helpers.mjs';

async function setMaintenance(page, on) {
  await page.goto('/admin/overview');
  // Read the switch only once the current state has loaded (antd marks it loading until then).
  const toggle = page.locator('[role="switch"][aria-label="Maintenance mode"]:not(.ant-switch-loading)');
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    await toggle.click();
    await page.getByText('Maintenance Mode Updated').first().waitFor();
  }
  await page.waitForFunction(
    (want) =>
      document.querySelector('[role="switch"][aria-label="Maintenance mode"]')?.getAttribute('aria-checked') === want,
    String(on),
  );
}

export const maintenanceTests = [
  {
    name: 'maintenance mode: a normal user sees the maintenance page while /hisarai still works',
    async run(ctx) {
      const admin = await newPage(ctx);
      const user = await newPage(ctx);
      try {
        await signIn(user.page, { email: 'listener@example.com', name: 'Lee Listener' });
        await signIn(admin.page, { email: ctx.superAdminEmail, name: 'Super Admin' });
        await setMaintenance(admin.page, true);

        await user.page.goto('/');
        await user.page
          .getByText(/November 2025/)
          .first()
          .waitFor();
        expect(
          (await apiStatus(user.page, 'PUT', '/api/auth/profile', { username: 'lee' })) === 503,
          'API should answer 503 in maintenance',
        );
        await user.page.goto('/hisarai');
        await user.page.getByText("Hi! You're already logged in. Get to work!").waitFor();

        await admin.page.goto('/');
        expect(!(await admin.page.getByText(/November 2025/).count()), 'the super administrator bypasses maintenance');
        await setMaintenance(admin.page, false);
        await user.page.goto('/');
        await user.page.getByRole('button', { name: 'Logout' }).waitFor();
      } finally {
        await admin.context.close();
        await user.context.close();
      }
    },
  },
];
