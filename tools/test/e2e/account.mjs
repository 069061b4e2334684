// A creator's first visit: landing page, sign-in, profile edit, sign-out.
import { apiStatus, expect, newPage, signIn } from './helpers.mjs';

export const accountTests = [
  {
    name: 'a visitor sees the landing page with the three feature cards',
    async run(ctx) {
      const { context, page } = await newPage(ctx);
      try {
        await page.goto('/');
        await page.getByRole('heading', { name: 'AI Music Originality Checker' }).waitFor();
        for (const card of ['Smart Analysis', 'Real-time Results', 'Multiple Formats']) {
          await page.getByText(card, { exact: false }).first().waitFor();
        }
        expect((await apiStatus(page, 'GET', '/api/auth/user')) === 401, 'signed-out /api/auth/user should answer 401');
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'a creator signs in, edits the profile, sees it saved and signs out to the landing page',
    async run(ctx) {
      const { context, page } = await newPage(ctx);
      try {
        await signIn(page, { email: 'creator@example.com', name: 'Casey Creator' });
        await page.getByRole('link', { name: /Casey/ }).first().waitFor();

        await page.goto('/profile');
        await page.getByRole('button', { name: 'Edit profile' }).click();
        await page.getByLabel('Full name').fill('Ada Lovelace');
        await page.getByLabel('Username').fill('ada_l');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Profile Updated').first().waitFor();
        await page.reload();
        await page.getByText('Ada Lovelace').first().waitFor();
        await page.getByText('@ada_l').first().waitFor();

        await page.getByRole('button', { name: 'Logout' }).click();
        await page.waitForURL((url) => url.port === new URL(ctx.publicUrl).port && !url.pathname.startsWith('/api'));
        await page.getByRole('heading', { name: 'AI Music Originality Checker' }).waitFor();
        expect(
          (await apiStatus(page, 'GET', '/api/auth/user')) === 401,
          'after logout /api/auth/user should answer 401',
        );
      } finally {
        await context.close();
      }
    },
  },
];
