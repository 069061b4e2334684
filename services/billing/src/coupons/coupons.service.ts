import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BillingEvents,
  type Caller,
  type Coupon,
  type CouponChangedEvent,
  type CouponCreateRequest,
  Permission,
  TEST_COUPON_CODE,
} from '@originality/contracts';
import { DomainError, Outbox } from '@originality/platform';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { requirePermission } from '../access';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { StripePayments } from '../stripe/stripe-payments';
import { CouponRow } from './coupon.entity';
import { type NewCoupon, newCoupon, normaliseCouponCode } from './coupon-rules';

const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  active: row.active,
  discountPercent: row.discountPercent,
  duration: row.duration,
  durationInMonths: row.durationInMonths,
  maxRedemptions: row.maxRedemptions,
  currentRedemptions: row.currentRedemptions,
  createdAt: row.createdAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Coupons (spec §2 Coupon Management, §5): created and deactivated by the super administrator. */
@Injectable()
export class CouponsService {
  private readonly logger = new Logger(CouponsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly stripe: StripePayments,
  ) {}

  async list(caller: Caller | null): Promise<Coupon[]> {
    requirePermission(caller, Permission.MANAGE_COUPONS);
    const rows = await this.dataSource.getRepository(CouponRow).find({ order: { createdAt: 'DESC', code: 'ASC' } });
    return rows.map(toCoupon);
  }

  async create(caller: Caller | null, request: CouponCreateRequest): Promise<Coupon> {
    const admin = requirePermission(caller, Permission.MANAGE_COUPONS);
    return this.insert(newCoupon(request), admin.userId);
  }

  /** Spec §4 test coupon: TESTFREE100, 100 % off once; developer only, never in production. */
  async createTestCoupon(caller: Caller | null): Promise<Coupon> {
    if (!caller) throw DomainError.unauthenticated();
    if (this.config.NODE_ENV === 'production') throw DomainError.notFound('Test coupons do not exist in production.');
    const existing = await this.dataSource.getRepository(CouponRow).findOneBy({ code: TEST_COUPON_CODE });
    if (existing) return toCoupon(existing);
    const spec = newCoupon({ code: TEST_COUPON_CODE, discountPercent: 100, duration: 'once' });
    return this.insert(spec, caller.userId).catch(async (err: unknown) => {
      // Two developers pressing the button at once: the first one made it.
      if (err instanceof DomainError && err.code === 'CONFLICT')
        return toCoupon(await this.dataSource.getRepository(CouponRow).findOneByOrFail({ code: TEST_COUPON_CODE }));
      throw err;
    });
  }

  async deactivate(caller: Caller | null, id: string): Promise<Coupon> {
    const admin = requirePermission(caller, Permission.MANAGE_COUPONS);
    if (!UUID.test(id)) throw DomainError.notFound('Coupon not found.');
    const row = await this.dataSource.transaction(async (manager) => {
      const coupon = await manager.findOne(CouponRow, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!coupon) throw DomainError.notFound('Coupon not found.');
      if (!coupon.active) return coupon;
      coupon.active = false;
      await manager.save(coupon);
      await this.recordChange(manager, coupon, 'deactivated', admin.userId);
      return coupon;
    });
    if (row.stripeCouponId && this.stripe.isConfigured()) await this.stripe.deleteCoupon(row.stripeCouponId);
    return toCoupon(row);
  }

  /** An active coupon by its code, or a refusal that names it (unknown, inactive, used up). */
  async usable(code: string): Promise<CouponRow> {
    const coupon = await this.dataSource.getRepository(CouponRow).findOneBy({ code: normaliseCouponCode(code) });
    return assertUsable(coupon, code);
  }

  /**
   * Counts one redemption in `manager`'s transaction. The conditional UPDATE is atomic, so under
   * concurrent checkouts a coupon is used exactly up to its max and never beyond.
   */
  async redeem(manager: EntityManager, coupon: CouponRow, by: string): Promise<CouponRow> {
    const result = await manager
      .createQueryBuilder()
      .update(CouponRow)
      .set({ currentRedemptions: () => 'current_redemptions + 1' })
      .where('id = :id AND active AND (max_redemptions IS NULL OR current_redemptions < max_redemptions)', {
        id: coupon.id,
      })
      .returning('*')
      .execute();
    const raw = (result.raw as Record<string, unknown>[])[0];
    if (!raw) {
      const now = await manager.findOneBy(CouponRow, { id: coupon.id });
      assertUsable(now, coupon.code);
      throw DomainError.validation(`Coupon "${coupon.code}" has been used up.`);
    }
    const redeemed = manager.create(CouponRow, { ...coupon, currentRedemptions: Number(raw.current_redemptions) });
    await this.recordChange(manager, redeemed, 'redeemed', by);
    return redeemed;
  }

  /** The Stripe coupon for a coupon, created on first use when keys were added after the coupon. */
  async stripeCouponFor(coupon: CouponRow): Promise<string> {
    if (coupon.stripeCouponId) return coupon.stripeCouponId;
    const id = await this.stripe.createCoupon({
      code: coupon.code,
      percentOff: coupon.discountPercent,
      duration: coupon.duration,
      durationInMonths: coupon.durationInMonths,
      maxRedemptions: coupon.maxRedemptions,
    });
    await this.dataSource.getRepository(CouponRow).update(coupon.id, { stripeCouponId: id });
    return id;
  }

  private async insert(spec: NewCoupon, by: string): Promise<Coupon> {
    const row = await this.dataSource
      .transaction(async (manager) => {
        const coupon = manager.create(CouponRow, { ...spec, active: true, currentRedemptions: 0, createdBy: by });
        const saved = await manager.save(coupon);
        await this.recordChange(manager, saved, 'created', by);
        return saved;
      })
      .catch((err: unknown) => {
        if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505')
          throw DomainError.conflict(`A coupon with the code "${spec.code}" already exists.`, { field: 'code' });
        throw err;
      });
    // Mirrored after the commit: Checkout needs it, and a failure here is repaired at first use.
    if (this.stripe.isConfigured())
      await this.stripeCouponFor(row).catch((err: unknown) =>
        this.logger.warn(
          `Coupon ${row.code} not mirrored to Stripe yet (retried at first use): ${(err as Error).message}`,
        ),
      );
    return toCoupon(row);
  }

  private recordChange(
    manager: EntityManager,
    coupon: CouponRow,
    action: CouponChangedEvent['action'],
    by: string | null,
  ): Promise<unknown> {
    return Outbox.add<CouponChangedEvent>(manager, BillingEvents.couponChanged, {
      couponId: coupon.id,
      code: coupon.code,
      action,
      currentRedemptions: coupon.currentRedemptions,
      by,
      at: new Date().toISOString(),
    });
  }
}

function assertUsable(coupon: CouponRow | null, code: string): CouponRow {
  const shown = normaliseCouponCode(code);
  if (!coupon) throw DomainError.validation(`Coupon "${shown}" does not exist.`, { field: 'couponCode' });
  if (!coupon.active) throw DomainError.validation(`Coupon "${shown}" is no longer active.`, { field: 'couponCode' });
  if (coupon.maxRedemptions !== null && coupon.currentRedemptions >= coupon.maxRedemptions)
    throw DomainError.validation(`Coupon "${shown}" has been used up.`, { field: 'couponCode' });
  return coupon;
}
