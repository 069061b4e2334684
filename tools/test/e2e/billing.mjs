// Billing in the browser: TESTFREE100 from Free to Pro, the VIP badge, a plan switch, cancellation;
// the super administrator's Coupon Management.
import { apiStatus, clickInDialog, expect, newPage, signIn } from './helpers.mjs';

export const billingTests = [
  {
    name: 'a new user subscribes with TESTFREE100, sees VIP and Pro Monthly, schedules a switch and cancels',
    async run(ctx) {
      const { context, page } = await newPage(ctx);
      try {
        await signIn(page, { email: 'subscriber@example.com', name: 'Sky Subscriber' });
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Create Test Coupon' }).click();
        await page.getByText('Test Coupon Created!').first().waitFor();

        await page.getByRole('button', { name: 'Upgrade Now' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Coupon code').fill('TESTFREE100');
        await clickInDialog(page, 'Choose Pro Monthly');
        await page.getByText('Subscription Activated!').first().waitFor();
        await page.waitForURL((url) => url.pathname === '/');

        await page.getByText('VIP', { exact: true }).first().waitFor();
        await page.getByText('Pro Monthly').first().waitFor();
        expect(
          (await page.getByRole('button', { name: 'Upgrade Now' }).count()) === 0,
          'a VIP should not be offered Upgrade Now',
        );

        await page.goto('/profile');
        await page.getByText('Pro subscriber').waitFor();
        await page.getByRole('button', { name: 'Switch Plan' }).click();
        await clickInDialog(page, /Pro Yearly/);
        await page.getByText('Confirm Plan Switch').waitFor();
        await clickInDialog(page, 'Confirm Switch');
        await page.getByText('Plan Switch Scheduled!').first().waitFor();

        await page.getByRole('button', { name: 'Cancel Subscription' }).click();
        await page
          .getByText(
            "Are you sure you want to cancel your subscription? You'll keep access until your current billing period ends.",
          )
          .waitFor();
        await clickInDialog(page, 'Yes, cancel');
        await page.getByText('Your subscription is cancelled.').waitFor();
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'the super administrator creates and deactivates a coupon; a user may not list coupons',
    async run(ctx) {
      const { context, page } = await newPage(ctx);
      try {
        await signIn(page, { email: ctx.superAdminEmail, name: 'Sam Super' });
        await page.goto('/admin/coupons');
        await page.getByRole('button', { name: /New Coupon/ }).click();
        await page.getByLabel('Coupon Code').fill('spring25');
        await page.getByLabel('Discount Percent').fill('25');
        await page.getByLabel('Max Uses (Optional)').fill('2');
        await page.getByRole('button', { name: 'Create Coupon' }).click();
        await page.getByText('Coupon Created').first().waitFor();
        const row = page.getByRole('listitem', { name: 'SPRING25' });
        await row.getByText('Used: 0 / 2').waitFor();
        await row.getByRole('button', { name: 'Deactivate' }).click();
        await page
          .getByText('Are you sure you want to deactivate coupon "SPRING25"? This action cannot be undone.')
          .waitFor();
        await clickInDialog(page, 'Deactivate');
        await row.getByText('Inactive').waitFor();
      } finally {
        await context.close();
      }
      const user = await newPage(ctx);
      try {
        await signIn(user.page, { email: 'curious@example.com', name: 'Cu Rious' });
        expect((await apiStatus(user.page, 'GET', '/api/admin/coupons')) === 403, 'a user must get 403 on coupons');
      } finally {
        await user.context.close();
      }
    },
  },
];
