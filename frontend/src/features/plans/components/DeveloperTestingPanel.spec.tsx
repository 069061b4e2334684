import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff } from '../../../test/fake-server';
import { aPricing } from '../../../test/pricing';
import { renderApp } from '../../../test/render';
import { pricingKey } from '../api/get-pricing';

const engineInfo = { engineVersion: 'music-analysis/1.3.0', catalogue: { size: 210, version: '5f3a9c' } };

const profileRoutes = (environment: 'test' | 'production') => ({
  'GET /api/auth/user': { body: aUser() },
  'GET /api/maintenance-status': maintenanceOff,
  'GET /api/subscription/pricing': { body: aPricing({ environment }) },
});

/** The debug-info value shown for `label`. */
const debugValue = (panel: HTMLElement, label: string) =>
  within(panel).getByText(label).closest('tr')?.querySelector('.ant-descriptions-item-content')?.textContent;

describe('developer testing panel', () => {
  it('shows user id, environment, engine version and catalogue size from the server', async () => {
    const server = fakeServer({ ...profileRoutes('test'), 'GET /api/engine': { body: engineInfo } });
    renderApp('/profile');
    const panel = await screen.findByLabelText('Developer testing');
    await within(panel).findByText('music-analysis/1.3.0');
    expect(debugValue(panel, 'User id')).toBe('user-1');
    expect(debugValue(panel, 'Environment')).toBe('test');
    expect(debugValue(panel, 'Engine version')).toBe('music-analysis/1.3.0');
    expect(debugValue(panel, 'Catalogue size')).toBe('210 tracks');
    expect(server.callsTo('GET', '/api/engine')).toHaveLength(1);
  });

  it('says the engine is unavailable when the analysis service does not answer, and still offers the coupon', async () => {
    fakeServer({
      ...profileRoutes('test'),
      'GET /api/engine': { status: 503, body: { error: 'The analysis service is unavailable.', code: 'UNAVAILABLE' } },
    });
    renderApp('/profile');
    const panel = await screen.findByLabelText('Developer testing');
    await within(panel).findAllByText('unavailable');
    expect(debugValue(panel, 'Engine version')).toBe('unavailable');
    expect(debugValue(panel, 'Catalogue size')).toBe('unavailable');
    expect(within(panel).getByRole('button', { name: 'Create Test Coupon' })).toBeEnabled();
  });

  it('creates the test coupon: idle, creating, created (disabled), then the toast', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const server = fakeServer({
      ...profileRoutes('test'),
      'GET /api/engine': { body: engineInfo },
      'POST /api/create-test-coupon': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/profile');
    const panel = await screen.findByLabelText('Developer testing');
    fireEvent.click(within(panel).getByRole('button', { name: 'Create Test Coupon' }));
    expect(await within(panel).findByRole('button', { name: /Creating\.\.\./ })).toBeDisabled();
    answer({ body: { code: 'TESTFREE100', discountPercent: 100 } });
    expect(await within(panel).findByRole('button', { name: 'Test Coupon Created' })).toBeDisabled();
    expect(await screen.findByText('Test Coupon Created!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/create-test-coupon')).toHaveLength(1);
  });

  it('is not shown in production, and the engine is not asked', async () => {
    const server = fakeServer({ ...profileRoutes('production'), 'GET /api/engine': { body: engineInfo } });
    const { queryClient } = renderApp('/profile');
    // The panel decides once the price list (which names the environment) has arrived.
    await waitFor(() => expect(queryClient.getQueryState(pricingKey)?.status).toBe('success'));
    expect(screen.queryByLabelText('Developer testing')).toBeNull();
    expect(server.callsTo('GET', '/api/engine')).toHaveLength(0);
  });
});
