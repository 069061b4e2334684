// The admin console in Chromium: the overview as the super administrator (figures equal to what
// identity holds, the heatmap and its detail panel) and as a promoted admin (only their screens).
import { expect, newPage, signIn } from './helpers.mjs';

async function getJson(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: 'include' });
    return { status: res.status, body: await res.json().catch(() => null) };
  }, path);
}

async function postJson(page, path, body) {
  return page.evaluate(
    async ({ p, b }) => {
      const res = await fetch(p, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    { p: path, b: body },
  );
}

/**
 * Waits until the read models count every user identity knows (events are asynchronous). At least:
 * the stream may also hold events of other stacks sharing the same NATS server, which a fresh
 * read model replays too.
 */
async function analyticsCaughtUp(page) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [analytics, users] = [await getJson(page, '/api/admin/analytics'), await getJson(page, '/api/admin/users')];
    if (analytics.status === 200 && users.status === 200 && analytics.body.users.total >= users.body.length)
      return analytics.body;
    if (Date.now() > deadline)
      throw new Error(`analytics never caught up: ${JSON.stringify(analytics.body?.users)} vs ${users.body?.length}`);
    await page.waitForTimeout(250);
  }
}

const gridCells = (page) => page.getByRole('grid', { name: 'Activity by day and hour' }).getByRole('gridcell');

export const adminTests = [
  {
    name: 'admin overview: the super administrator sees the figures, the heatmap and its detail panel',
    async run(ctx) {
      const creator = await newPage(ctx);
      const boss = await newPage(ctx);
      try {
        await signIn(creator.page, { email: 'creator@example.com', name: 'Cleo Creator' });
        await signIn(boss.page, { email: ctx.superAdminEmail, name: 'Super Admin' });
        const figures = await analyticsCaughtUp(boss.page);

        await boss.page.goto('/admin/overview');
        await boss.page.getByText(`VIP: ${figures.users.vip} · Free: ${figures.users.free}`).waitFor();
        await boss.page.getByText('Super Admin Only').waitFor();
        await gridCells(boss.page).first().waitFor();
        expect((await gridCells(boss.page).count()) === 7 * 24, 'the 7-day heatmap has 168 hours');
        // Somebody registered this hour: at least one cell is shaded.
        expect((await boss.page.locator('.heatmap__cell:not(.heatmap__cell--0)').count()) > 0, 'an active hour');

        await boss.page.locator('.heatmap__cell:not(.heatmap__cell--0)').first().click();
        const detail = boss.page.getByRole('region', { name: 'Selected hour' });
        await detail.getByText(/Registrations: [1-9]/).waitFor();
        await detail.getByRole('button', { name: 'Close' }).click();
        await detail.waitFor({ state: 'detached' });

        await boss.page.getByText('30 days').click();
        await boss.page.waitForFunction(
          () => document.querySelectorAll('[aria-label="Activity by day and hour"] [role="gridcell"]').length === 720,
        );
        const links = await boss.page
          .getByRole('navigation', { name: 'Admin sections' })
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(links.length === 5, `five quick actions, got ${links}`);
      } finally {
        await creator.context.close();
        await boss.context.close();
      }
    },
  },
  {
    name: 'admin console: a promoted admin sees their screens only, and Access Denied for the rest',
    async run(ctx) {
      const helper = await newPage(ctx);
      const boss = await newPage(ctx);
      try {
        await signIn(helper.page, { email: 'helper@example.com', name: 'Hal Helper' });
        await signIn(boss.page, { email: ctx.superAdminEmail, name: 'Super Admin' });
        const promoted = await postJson(boss.page, '/api/admin/promote-user', {
          userId: 'dev:helper@example.com',
          role: 'admin',
        });
        expect(promoted === 200, `promotion answered ${promoted}`);

        await helper.page.goto('/admin');
        await helper.page.getByRole('heading', { name: 'Admin Overview' }).waitFor();
        await helper.page.getByText(/VIP: \d+ · Free: \d+/).waitFor();
        await gridCells(helper.page).first().waitFor();
        expect(!(await helper.page.getByText('Super Admin Only').count()), 'no maintenance card for an admin');
        const links = await helper.page
          .getByRole('navigation', { name: 'Admin sections' })
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(
          JSON.stringify(links) === JSON.stringify(['/admin/users', '/admin/uploads', '/admin/subscriptions']),
          `an admin's quick actions, got ${links}`,
        );

        await helper.page.goto('/admin/subscriptions');
        await helper.page.getByText('Recent Subscription Changes').waitFor();
        await helper.page.goto('/admin/roles');
        await helper.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
        const maintenance = await getJson(helper.page, '/api/admin/maintenance-status');
        expect(maintenance.status === 403, `the server refuses maintenance to an admin (${maintenance.status})`);
      } finally {
        await helper.context.close();
        await boss.context.close();
      }
    },
  },
];
