/** Delays and durations of spec §9, in milliseconds. */
export const TIMINGS = {
  loginRedirect: 800,
  signInNeededRedirect: 1000,
  unauthorizedRedirect: 500,
  toastDefault: 5000,
  signInRequiredToast: 4000,
  couponAppliedToast: 3000,
  afterActivationRedirect: 1500,
  planAutoTrigger: 500,
  planSwitchScheduledToast: 6000,
  testCouponCreatedToast: 10000,
} as const;

export const SUPPORT_EMAIL = 'support@originality.local';
