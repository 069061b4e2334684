/**
 * NATS subjects. Request/reply: `<service>.<noun>.<verb>`. Events: `events.<service>.<noun>.<past-verb>`.
 * Each service listens in its own queue group, named after the service.
 */
export const ServiceName = {
  IDENTITY: 'identity',
  BILLING: 'billing',
  UPLOAD: 'upload',
  ANALYSIS: 'analysis',
  ADMIN_ANALYTICS: 'admin-analytics',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

export const IdentitySubjects = {
  signIn: 'identity.users.sign-in',
  getUser: 'identity.users.get',
  updateProfile: 'identity.profile.update',
  listUsers: 'identity.users.list',
  promoteUser: 'identity.users.promote',
  getMaintenance: 'identity.maintenance.get',
  setMaintenance: 'identity.maintenance.set',
} as const;

/** Every service answers this with its name, so the gateway's readiness can see the services. */
export const pingSubject = (service: ServiceName) => `${service}.health.ping` as const;

/** The JetStream stream that carries every domain event. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

export const IdentityEvents = {
  userRegistered: 'events.identity.user.registered',
  profileUpdated: 'events.identity.user.profile-updated',
  userPromoted: 'events.identity.user.promoted',
  maintenanceChanged: 'events.identity.maintenance.changed',
} as const;
