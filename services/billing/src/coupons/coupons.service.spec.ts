import { aCaller } from '@originality/testing';
import type { DataSource } from 'typeorm';
import type { BillingConfig } from '../config';
import type { StripePayments } from '../stripe/stripe-payments';
import { CouponsService } from './coupons.service';

describe('test coupon', () => {
  it('does not exist in production', async () => {
    const dataSource = { getRepository: jest.fn() } as unknown as DataSource;
    const service = new CouponsService(dataSource, { NODE_ENV: 'production' } as BillingConfig, {} as StripePayments);
    await expect(service.createTestCoupon(aCaller())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(dataSource.getRepository).not.toHaveBeenCalled();
  });
});
