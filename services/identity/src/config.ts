import { type ConfigOf, commonConfig, loadConfig } from '@originality/platform';

export const identityConfigSpec = { SUPER_ADMIN_SUBJECT: commonConfig.SUPER_ADMIN_SUBJECT };
export type IdentityConfig = ConfigOf<typeof identityConfigSpec>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
export const identityConfigProvider = {
  provide: IDENTITY_CONFIG,
  useFactory: (): IdentityConfig => loadConfig(identityConfigSpec),
};
