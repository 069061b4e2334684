import { Injectable, Logger } from '@nestjs/common';
import type { AdminUserEntry, Caller, CurrentUser, SubscriptionView } from '@originality/contracts';
import { BillingClient } from './billing.client';

export type SubscriptionFields = Pick<
  CurrentUser,
  'subscriptionTier' | 'subscriptionStatus' | 'subscriptionEndsAt' | 'subscriptionPrice'
>;

/** What a user without a subscription has; also the answer while billing cannot be reached. */
export const FREE_FIELDS: SubscriptionFields = {
  subscriptionTier: 'free',
  subscriptionStatus: 'inactive',
  subscriptionEndsAt: null,
  subscriptionPrice: null,
};

const fieldsOf = (view: SubscriptionView): SubscriptionFields => ({
  subscriptionTier: view.subscriptionTier,
  subscriptionStatus: view.subscriptionStatus,
  subscriptionEndsAt: view.subscriptionEndsAt,
  subscriptionPrice: view.subscriptionPrice,
});

/** Billing's part of GET /api/auth/user and GET /api/admin/users. */
@Injectable()
export class SubscriptionFieldsSource {
  private readonly logger = new Logger(SubscriptionFieldsSource.name);

  constructor(private readonly billing: BillingClient) {}

  /**
   * The caller's subscription. Signing in must keep working while billing is down, so then the
   * user reads as Free (the upload service falls back the same way) and the outage is logged.
   */
  async of(caller: Caller): Promise<SubscriptionFields> {
    try {
      return fieldsOf(await this.billing.subscription(caller, caller.userId, 2000));
    } catch (err) {
      this.logger.warn(`Subscription of ${caller.userId} unavailable, shown as Free: ${(err as Error).message}`);
      return FREE_FIELDS;
    }
  }

  /**
   * The admin user list with each user's subscription. While billing cannot answer, the entries
   * come without subscription fields (unknown, rather than wrongly Free) and the outage is logged.
   */
  async addTo(caller: Caller, users: AdminUserEntry[]): Promise<AdminUserEntry[]> {
    let views: SubscriptionView[];
    try {
      views = await this.billing.subscriptions(
        caller,
        users.map((u) => u.id),
      );
    } catch (err) {
      this.logger.warn(`Subscriptions unavailable for the user list: ${(err as Error).message}`);
      return users;
    }
    const byUser = new Map(views.map((v) => [v.userId, v]));
    return users.map((user) => {
      const view = byUser.get(user.id);
      return view ? { ...user, ...fieldsOf(view) } : user;
    });
  }
}
