import dayjs from 'dayjs';

const dollars = (fractionDigits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });

/** Spec §9: MRR and per-month figures with 2 decimals. */
export const money = (value: number) => dollars(2).format(value);
/** Spec §9: ARR with 0 decimals. */
export const wholeMoney = (value: number) => dollars(0).format(value);
export const percent = (value: number) => `${value}%`;
/** Spec §9: file sizes in MB with one decimal. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** Spec §2: 'MMM d, yyyy HH:mm' (local time). */
export const dateTime = (iso: string) => dayjs(iso).format('MMM D, YYYY HH:mm');
/** A heatmap hour, in UTC as the server counts them: 'Mar 5, 14:00 UTC'. */
export const utcHour = (iso: string) =>
  `${dayjs(iso).toDate().toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}, ${iso.slice(11, 13)}:00 UTC`;
