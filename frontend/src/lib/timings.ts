/** Delays and durations of spec §9, in milliseconds. */
export const TIMINGS = {
  loginRedirect: 800,
  signInNeededRedirect: 1000,
  unauthorizedRedirect: 500,
  toastDefault: 5000,
  signInRequiredToast: 4000,
  couponAppliedToast: 3000,
  reanalyzeLock: 1000,
  previewMarkerReset: 30_000,
  tooltipOpenDelay: 700,
  tooltipSkipDelay: 300,
  /** How often the progress card reads the upload's status once the live stream has dropped. */
  statusPollFallback: 3000,
  /** How often the upload is read after the worker's final event until the upload service has recorded it. */
  outcomeRecordedPoll: 500,
  /** How long 'Analysis complete!' stays before the result opens. */
  resultOpensAfter: 1200,
  afterActivationRedirect: 1500,
  planAutoTrigger: 500,
  planSwitchScheduledToast: 6000,
  testCouponCreatedToast: 10000,
} as const;

export const SUPPORT_EMAIL = 'support@originality.local';
