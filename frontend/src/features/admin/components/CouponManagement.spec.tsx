import type { Coupon } from '@originality/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aSuperAdmin } from '../../../test/factories';
import { fakeServer } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';

const boss = { body: aSuperAdmin() };
const aCoupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 'c1',
  code: 'WELCOME50',
  active: true,
  discountPercent: 50,
  duration: 'repeating',
  durationInMonths: 3,
  maxRedemptions: 10,
  currentRedemptions: 4,
  createdAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});

describe('Coupon Management', () => {
  it("says 'No coupons created yet' for an empty list", async () => {
    fakeServer({ 'GET /api/auth/user': boss, 'GET /api/admin/coupons': { body: [] } });
    renderApp('/admin/coupons');
    expect(await screen.findByText('No coupons created yet')).toBeInTheDocument();
  });

  it('lists each coupon with its dot, badge, discount, duration, months, date and uses', async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/coupons': {
        body: [
          aCoupon(),
          aCoupon({
            id: 'c2',
            code: 'OLD',
            active: false,
            duration: 'forever',
            durationInMonths: null,
            maxRedemptions: null,
          }),
        ],
      },
    });
    renderApp('/admin/coupons');
    const row = await screen.findByRole('listitem', { name: 'WELCOME50' });
    expect(row).toHaveTextContent('WELCOME50 Active');
    expect(row).toHaveTextContent('50% off · Repeating (monthly) · 3 months · Created Mar 7, 2025');
    expect(row).toHaveTextContent('Used: 4 / 10');
    const old = screen.getByRole('listitem', { name: 'OLD' });
    expect(old).toHaveTextContent('Inactive');
    expect(old).toHaveTextContent('Used: 4');
    expect(old).not.toHaveTextContent('/ ');
    expect(within(old).queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('creates a coupon with the code upper-cased, the percent as a string and only the filled numbers', async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/coupons': { body: [] },
      'POST /api/admin/coupons': { body: aCoupon() },
    });
    renderApp('/admin/coupons');
    fireEvent.click(await screen.findByRole('button', { name: /New Coupon/ }));
    fireEvent.change(screen.getByLabelText('Coupon Code'), { target: { value: ' spring25 ' } });
    fireEvent.change(screen.getByLabelText('Discount Percent'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Coupon' }));
    expect(await screen.findByText('Coupon Created')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/coupons')[0].body).toEqual({
      code: 'SPRING25',
      discountPercent: '25',
      duration: 'once',
    });
    expect(screen.getByRole('button', { name: /New Coupon/ })).toBeInTheDocument();
  });

  it('deactivates after the confirm', async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/coupons': { body: [aCoupon()] },
      'POST /api/admin/coupons/c1/deactivate': { body: aCoupon({ active: false }) },
      'POST /api/admin/coupons': {
        status: 409,
        body: { error: 'A coupon with the code "X" already exists.', code: 'CONFLICT' },
      },
    });
    renderApp('/admin/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Are you sure you want to deactivate coupon "WELCOME50"? This action cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Deactivate' }).at(-1)!);
    expect(await screen.findByText('Coupon Deactivated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/coupons/c1/deactivate')).toHaveLength(1);
  }, 60_000); // the confirm modal animates; a loaded CI machine needs more than the default

  it('shows the server text when creating fails', async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/coupons': { body: [] },
      'POST /api/admin/coupons': {
        status: 409,
        body: { error: 'A coupon with the code "X" already exists.', code: 'CONFLICT' },
      },
    });
    renderApp('/admin/coupons');
    fireEvent.click(await screen.findByRole('button', { name: /New Coupon/ }));
    fireEvent.change(screen.getByLabelText('Coupon Code'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Discount Percent'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Coupon' }));
    expect(await screen.findByText('Create Failed')).toBeInTheDocument();
    expect(screen.getByText('A coupon with the code "X" already exists.')).toBeInTheDocument();
  });
});
