import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Once a minute, writes down the paid periods that ran out with nobody to renew them (reads already
 * show them as Free; this records it and emits `expired`). One indexed query per minute when idle.
 */
@Injectable()
export class ExpirySweep implements OnApplicationBootstrap, OnModuleDestroy {
  static intervalMs = 60_000;
  private readonly logger = new Logger(ExpirySweep.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly subscriptions: SubscriptionsService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.sweep(), ExpirySweep.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private sweep(): void {
    if (this.running) return;
    this.running = this.subscriptions
      .expireRunOut()
      .then((expired) => expired && this.logger.log(`${expired} subscription(s) expired`))
      .catch((err: unknown) => this.logger.warn(`Expiry sweep will retry: ${(err as Error).message}`))
      .finally(() => (this.running = undefined));
  }
}
