/**
 * Testcontainers is used only when a container runtime answers quickly; otherwise tests use the
 * local servers named by DATABASE_URL / NATS_URL. The answer is cached for the test process.
 */
let runtimeAvailable: Promise<boolean> | undefined;

export function containerRuntimeAvailable(timeoutMs = 3000): Promise<boolean> {
  if (process.env.TESTCONTAINERS_DISABLED === 'true') return Promise.resolve(false);
  runtimeAvailable ??= (async () => {
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('container runtime did not answer')), timeoutMs);
      });
      try {
        await Promise.race([getContainerRuntimeClient(), timeout]);
        return true;
      } finally {
        clearTimeout(timer);
      }
    } catch {
      return false;
    }
  })();
  return runtimeAvailable;
}
