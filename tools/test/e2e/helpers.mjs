// Steps a person takes in the browser, shared by the browser tests.
export async function newPage(ctx) {
  const context = await ctx.browser.newContext({ baseURL: ctx.publicUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the login page and the dev identity provider's form. */
export async function signIn(page, { email, name }) {
  await page.goto('/login');
  await page
    .getByRole('button', { name: /continue|sign in/i })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.includes('interaction'), { timeout: 15_000 });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="name"]').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === new URL(page.url()).origin && !url.pathname.includes('interaction'), {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

export async function apiStatus(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.status;
    },
    { method, path, body },
  );
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Clicks a button of the open antd dialog once the dialog has finished zooming in: a click that lands while the
 * opening animation runs can be lost (seen on a loaded machine: the confirm's button was clicked, no request went).
 */
export async function clickInDialog(page, name) {
  const button = page.getByRole('dialog').getByRole('button', { name });
  await button.waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'),
  );
  await button.click();
}
