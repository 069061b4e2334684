import { Injectable } from '@nestjs/common';
import {
  BillingRequestSubjects,
  type Caller,
  REPORTS_NEED_PRO,
  type SubscriptionRequest,
  type SubscriptionView,
  canDownloadReports,
} from '@originality/contracts';
import { DomainError, RpcClient } from '@originality/platform';

/** How long billing may take to say what plan the caller is on. */
const PLAN_TIMEOUT_MS = 3000;

/**
 * The plan rule of reports, asked of billing for every download. Unlike the upload limit this fails closed:
 * when billing does not answer, no paid feature is handed out (503, try again).
 */
@Injectable()
export class ReportPlan {
  constructor(private readonly rpc: RpcClient) {}

  async assertCanDownload(caller: Caller): Promise<void> {
    let plan: SubscriptionView;
    try {
      plan = await this.rpc.request<SubscriptionRequest, SubscriptionView>(
        BillingRequestSubjects.subscription,
        { userId: caller.userId },
        { caller },
        { timeoutMs: PLAN_TIMEOUT_MS },
      );
    } catch {
      throw DomainError.unavailable('Your plan could not be checked just now. Please try again in a moment.');
    }
    if (!canDownloadReports(plan)) throw DomainError.forbidden(REPORTS_NEED_PRO);
  }
}
