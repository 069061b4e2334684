import { BillingSubjects, type Caller } from '@originality/contracts';
import { DomainError, type RpcClient } from '@originality/platform';
import type { UploadConfig } from '../config';
import { Entitlements } from './entitlements';
import { monthOf } from './monthly-quota';

const caller: Caller = { userId: 'u1', email: null, roles: ['user'], isSuperAdmin: false };
const config = { ENTITLEMENT_TIMEOUT_MS: 500 } as UploadConfig;
const withBilling = (request: jest.Mock) => new Entitlements({ request } as unknown as RpcClient, config);

describe('Entitlements', () => {
  it("asks billing for the caller's limit, waiting at most the configured time", async () => {
    const request = jest.fn().mockResolvedValue({ monthlyAnalyses: 999_999 });
    await expect(withBilling(request).monthlyLimit(caller)).resolves.toBe(999_999);
    expect(request).toHaveBeenCalledWith(BillingSubjects.entitlement, { userId: 'u1' }, { caller }, { timeoutMs: 500 });
  });

  it.each([
    ['billing does not answer in time', () => Promise.reject(DomainError.timeout('late'))],
    ['nobody answers', () => Promise.reject(DomainError.unavailable('no billing'))],
    ['the answer is unusable', () => Promise.resolve({ monthlyAnalyses: -3 })],
    ['the answer is empty', () => Promise.resolve(null)],
  ])('falls back to the Free limit of 10 when %s', async (_, answer) => {
    await expect(withBilling(jest.fn().mockImplementation(answer)).monthlyLimit(caller)).resolves.toBe(10);
  });
});

describe('monthOf', () => {
  it('is the calendar month in UTC', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-01');
    expect(monthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12-01');
    // 1 Dec 00:30 in Berlin is still November in UTC.
    expect(monthOf(new Date('2026-12-01T00:30:00+01:00'))).toBe('2026-11-01');
  });
});
