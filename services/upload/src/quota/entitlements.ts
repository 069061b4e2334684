import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BillingSubjects,
  type Caller,
  type Entitlement,
  type EntitlementRequest,
  UPLOAD_RULES,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';
import { UPLOAD_CONFIG, type UploadConfig } from '../config';

/**
 * A user's monthly analysis limit, as billing says. Billing answering late or not at all must not
 * stop uploads: after a short wait the Free limit applies, and the log says so.
 */
@Injectable()
export class Entitlements {
  private readonly logger = new Logger(Entitlements.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(UPLOAD_CONFIG) private readonly config: UploadConfig,
  ) {}

  async monthlyLimit(caller: Caller): Promise<number> {
    try {
      const reply = await this.rpc.request<EntitlementRequest, Entitlement>(
        BillingSubjects.entitlement,
        { userId: caller.userId },
        { caller },
        { timeoutMs: this.config.ENTITLEMENT_TIMEOUT_MS },
      );
      if (Number.isInteger(reply?.monthlyAnalyses) && reply.monthlyAnalyses >= 0) return reply.monthlyAnalyses;
      this.logger.warn(`Billing sent an unusable entitlement (${JSON.stringify(reply)}); using the Free limit`);
    } catch (err) {
      this.logger.warn(`No entitlement from billing (${(err as Error).message}); using the Free limit`);
    }
    return UPLOAD_RULES.freeMonthlyAnalyses;
  }
}
