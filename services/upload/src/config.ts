import { type ConfigOf, int, loadConfig, objectStorageConfig } from '@originality/platform';

export const uploadConfigSpec = {
  ...objectStorageConfig,
  /** How long an upload waits for billing's answer on a user's monthly limit before using the Free limit. */
  ENTITLEMENT_TIMEOUT_MS: { default: 500, parse: int({ min: 50, max: 10_000 }) },
};
export type UploadConfig = ConfigOf<typeof uploadConfigSpec>;

export const UPLOAD_CONFIG = Symbol('UPLOAD_CONFIG');
export const uploadConfigProvider = {
  provide: UPLOAD_CONFIG,
  useFactory: (): UploadConfig => loadConfig(uploadConfigSpec),
};
