const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Spec §9: under an hour 'Less than an hour ago', then hours, then 'Yesterday', then days.
 */
export function relativeUploadTime(createdAt: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  if (elapsed < HOUR_MS) return 'Less than an hour ago';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? 'Yesterday' : `${days} days ago`;
}
