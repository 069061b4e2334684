import { type AdminUserEntry, type IdentityUserReply, Role } from '@originality/contracts';
import type { User } from './user.entity';

/** The effective role: the super administrator's comes from configuration, the others are stored. */
export function effectiveRole(user: Pick<User, 'id' | 'role'>, superAdminSubject: string): Role {
  return user.id === superAdminSubject ? Role.SUPER_ADMIN : user.role;
}

export function toUserReply(user: User, superAdminSubject: string): IdentityUserReply {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    profileImageUrl: user.profileImageUrl,
    role: effectiveRole(user, superAdminSubject),
    isSuperAdmin: user.id === superAdminSubject,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function toAdminEntry(user: User, superAdminSubject: string): AdminUserEntry {
  return {
    id: user.id,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    role: effectiveRole(user, superAdminSubject),
  };
}
