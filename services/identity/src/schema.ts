/** The Postgres schema the identity service owns. */
export const IDENTITY_SCHEMA = 'identity';
