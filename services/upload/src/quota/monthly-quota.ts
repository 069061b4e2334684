import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@originality/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { MonthlyUsage } from './monthly-usage.entity';

/** Spec §8: the text the browser recognises to show 'Upload Limit Reached' and the upgrade modal. */
export const LIMIT_EXCEEDED_MESSAGE = 'Upload limit exceeded';

/** The calendar month (UTC) `at` falls in, as its first day. */
export const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/** Analyses counted against each user's monthly limit. */
@Injectable()
export class MonthlyQuota {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async used(userId: string, at = new Date()): Promise<number> {
    const row = await this.dataSource.getRepository(MonthlyUsage).findOneBy({ userId, month: monthOf(at) });
    return row?.analyses ?? 0;
  }

  /**
   * Counts one analysis inside the caller's transaction, or refuses with 'Upload limit exceeded'.
   * The usage row is locked until that transaction ends, so concurrent creates of one user take
   * turns and at most `limit` of them ever succeed.
   */
  async take(manager: EntityManager, userId: string, limit: number, at = new Date()): Promise<void> {
    const month = monthOf(at);
    await manager
      .createQueryBuilder()
      .insert()
      .into(MonthlyUsage)
      .values({ userId, month, analyses: 0 })
      .orIgnore()
      .execute();
    const usage = await manager.findOneOrFail(MonthlyUsage, {
      where: { userId, month },
      lock: { mode: 'pessimistic_write' },
    });
    if (usage.analyses >= limit)
      throw DomainError.limitExceeded(LIMIT_EXCEEDED_MESSAGE, { current: usage.analyses, max: limit });
    await manager.update(MonthlyUsage, { userId, month }, { analyses: usage.analyses + 1 });
  }
}
