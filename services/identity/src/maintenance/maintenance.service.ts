import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Caller,
  IdentityEvents,
  type MaintenanceChangedEvent,
  type MaintenanceStatus,
} from '@originality/contracts';
import { DomainError, Outbox } from '@originality/platform';
import type { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { isSuperAdmin } from '../roles/promotion-rules';
import { Maintenance } from './maintenance.entity';

const THE_SWITCH = 1;

/** The product-wide maintenance switch (spec §4): anyone may read it, only the super administrator flips it. */
@Injectable()
export class MaintenanceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async status(): Promise<MaintenanceStatus> {
    const row = await this.dataSource.getRepository(Maintenance).findOneByOrFail({ id: THE_SWITCH });
    return { enabled: row.enabled };
  }

  async set(caller: Caller | null, enabled: boolean): Promise<MaintenanceStatus> {
    if (!isSuperAdmin(caller?.userId, this.config.SUPER_ADMIN_SUBJECT))
      throw DomainError.forbidden('Only the super administrator can change maintenance mode.');
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneOrFail(Maintenance, {
        where: { id: THE_SWITCH },
        lock: { mode: 'pessimistic_write' },
      });
      if (row.enabled === enabled) return { enabled };
      row.enabled = enabled;
      row.changedBy = caller!.userId;
      await manager.save(row);
      await Outbox.add<MaintenanceChangedEvent>(manager, IdentityEvents.maintenanceChanged, {
        enabled,
        changedBy: caller!.userId,
      });
      return { enabled };
    });
  }
}
