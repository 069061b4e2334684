import { outboxMigration } from '@originality/platform';
import { IDENTITY_SCHEMA } from '../schema';
import { CreateUsersAndMaintenance1730000000000 } from './1730000000000-create-users-and-maintenance';

/** Migrations of the `identity` schema, oldest first. */
export const IdentityMigrations = [outboxMigration(IDENTITY_SCHEMA), CreateUsersAndMaintenance1730000000000];
