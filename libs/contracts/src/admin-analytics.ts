/**
 * The admin console's analytics: the read models' answers (spec §3 Admin analytics, Heatmap data),
 * the subjects of the admin-analytics service, the revenue arithmetic of spec §9 and the billing
 * events the read models consume.
 */

export const AdminAnalyticsSubjects = {
  /** AnalyticsRequest (view_analytics) → AdminAnalytics */
  analytics: 'admin-analytics.analytics.get',
  /** HeatmapRequest (view_analytics) → HeatmapData */
  heatmap: 'admin-analytics.heatmap.get',
} as const;

export type AnalyticsRequest = Record<string, never>;

/** Spec §9: the heatmap covers 7, 14 or 30 days. */
export const HEATMAP_TIMEFRAMES = [7, 14, 30] as const;
export type HeatmapTimeframe = (typeof HEATMAP_TIMEFRAMES)[number];

export interface HeatmapRequest {
  timeframe: HeatmapTimeframe;
}

/**
 * Activity score of an hour: a registration weighs twice an upload, because a new creator is rarer
 * than one more song and says more about growth. score = uploads + 2 × registrations.
 */
export const ACTIVITY_WEIGHTS = { upload: 1, registration: 2 } as const;

export function activityScore(uploads: number, registrations: number): number {
  return uploads * ACTIVITY_WEIGHTS.upload + registrations * ACTIVITY_WEIGHTS.registration;
}

/** One hour of one day (UTC). */
export interface HeatmapCell {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  /** 0–23 (UTC). */
  hour: number;
  uploads: number;
  registrations: number;
  activityScore: number;
  /** ISO start of the hour. */
  timestamp: string;
}

export interface HeatmapPeak {
  /** ISO start of the hour. */
  time: string;
  uploads: number;
  registrations: number;
  score: number;
}

export interface HeatmapData {
  timeframe: HeatmapTimeframe;
  /** timeframe × 24 cells, oldest first; hours without activity are zero. */
  data: HeatmapCell[];
  summary: {
    totalUploads: number;
    totalRegistrations: number;
    maxActivityScore: number;
    /** Mean score over every cell, 2 decimals. */
    avgActivityScore: number;
    /** The 3 busiest hours (score > 0), busiest first. */
    peakHours: HeatmapPeak[];
  };
}

/** Spec §9: admin revenue displays assume these prices, in cents. */
export const ADMIN_REVENUE_PRICES_CENTS = { monthly: 1999, yearly: 19900 } as const;

/** Revenue figures of the admin screens, rounded as spec §9 says (MRR 2 decimals, ARR 0). */
export interface RevenueFigures {
  /** Monthly plans: count × $19.99, per month. */
  monthlyPlansRevenue: number;
  /** Yearly plans: count × $199 ÷ 12, per month. */
  yearlyPlansMonthlyRevenue: number;
  /** MRR, 2 decimals. */
  estimatedMonthlyRevenue: number;
  /** ARR, 0 decimals. */
  estimatedYearlyRevenue: number;
  /** Active subscriptions ÷ users, in percent, 1 decimal. */
  conversionRate: number;
  /** MRR ÷ users, 2 decimals. */
  avgRevenuePerUser: number;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * Spec §9 revenue arithmetic, the one place it is done. Works in cents so the sums are exact and
 * rounds only at the end: ARR is computed from the exact yearly sum, not from the rounded MRR.
 */
export function revenueFigures(counts: {
  monthly: number;
  yearly: number;
  activeSubscriptions: number;
  totalUsers: number;
}): RevenueFigures {
  const yearlyCents =
    counts.monthly * ADMIN_REVENUE_PRICES_CENTS.monthly * 12 + counts.yearly * ADMIN_REVENUE_PRICES_CENTS.yearly;
  const monthlyCents = yearlyCents / 12;
  const mrr = monthlyCents / 100;
  return {
    monthlyPlansRevenue: round((counts.monthly * ADMIN_REVENUE_PRICES_CENTS.monthly) / 100, 2),
    yearlyPlansMonthlyRevenue: round((counts.yearly * ADMIN_REVENUE_PRICES_CENTS.yearly) / 12 / 100, 2),
    estimatedMonthlyRevenue: round(mrr, 2),
    estimatedYearlyRevenue: Math.round(yearlyCents / 100),
    conversionRate: counts.totalUsers > 0 ? round((counts.activeSubscriptions / counts.totalUsers) * 100, 1) : 0,
    avgRevenuePerUser: counts.totalUsers > 0 ? round(mrr / counts.totalUsers, 2) : 0,
  };
}

/** Spec §3 revenue.subscriptionChanges entry. Known actions: subscribed, cancelled. */
export interface SubscriptionChangeView {
  email: string | null;
  /** ISO time of the change. */
  date: string;
  action: string;
  tier: string | null;
}

/** GET /api/admin/analytics (spec §3 Admin analytics). */
export interface AdminAnalytics {
  users: { total: number; vip: number; free: number };
  uploads: {
    total: number;
    completed: number;
    /** Not finished yet: pending or analyzing. */
    pending: number;
    failed: number;
    /** Uploaded in the last 7 days. */
    recent: number;
  };
  subscriptions: {
    totalActiveSubscriptions: number;
    monthly: number;
    yearly: number;
    estimatedMonthlyRevenue: number;
    estimatedYearlyRevenue: number;
    conversionRate: number;
    avgRevenuePerUser: number;
    /** The Revenue Breakdown's per-plan lines, per month. */
    monthlyPlansRevenue: number;
    yearlyPlansMonthlyRevenue: number;
  };
  analysis: {
    /** Mean originality of completed analyses, 1 decimal; 0 when none. */
    avgOriginalityScore: number;
    totalSimilarTracks: number;
  };
  /** 'MP3' | 'MP4' | 'WAV' | other subtype → count. */
  fileTypes: Record<string, number>;
  revenue: { subscriptionChanges: SubscriptionChangeView[] };
}

/** How many uploads count as recent, in days, and how many subscription changes are listed. */
export const ADMIN_ANALYTICS_WINDOWS = { recentUploadDays: 7, subscriptionChanges: 50 } as const;
