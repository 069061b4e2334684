/** A domain event as written to the outbox and published to JetStream (message id = event id). */
export interface DomainEvent<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}

export interface UserRegisteredEvent {
  userId: string;
  email: string | null;
  createdAt: string;
}
export interface ProfileUpdatedEvent {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}
export interface UserPromotedEvent {
  userId: string;
  role: string;
  promotedBy: string;
}
export interface MaintenanceChangedEvent {
  enabled: boolean;
  changedBy: string;
}
