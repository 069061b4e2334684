import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AdminUserEntry,
  type Caller,
  type IdentityUserReply,
  IdentityEvents,
  Permission,
  type ProfileUpdate,
  type ProfileUpdatedEvent,
  type PromoteUserReply,
  type SignInClaims,
  type UserPromotedEvent,
  type UserRegisteredEvent,
  can,
} from '@originality/contracts';
import { DomainError, Outbox } from '@originality/platform';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { checkPromotion, isSuperAdmin } from '../roles/promotion-rules';
import { profileChanges } from './profile-rules';
import { claimedProfile } from './sign-in-rules';
import { User } from './user.entity';
import { toAdminEntry, toUserReply } from './user-view';

const USERNAME_TAKEN = 'That username is already taken.';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Creates the user at the first sign-in (and says so with `userRegistered`), or refreshes e-mail
   * and picture from the provider. Names and username from the provider only fill empty fields, so
   * the user's own profile edits are kept.
   */
  async signIn(claims: SignInClaims): Promise<IdentityUserReply> {
    const claimed = claimedProfile(claims);
    const user = await this.dataSource.transaction(async (manager) => {
      // Insert-if-absent first, so two simultaneous first sign-ins create one user and one event.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({ id: claims.sub, role: 'user' })
        .orIgnore()
        .returning('id')
        .execute();
      const isNew = (inserted.raw as unknown[]).length > 0;
      const current = await manager.findOneOrFail(User, {
        where: { id: claims.sub },
        lock: { mode: 'pessimistic_write' },
      });
      current.email = claimed.email ?? current.email;
      current.profileImageUrl = claimed.profileImageUrl ?? current.profileImageUrl;
      current.firstName ??= claimed.firstName;
      current.lastName ??= claimed.lastName;
      if (
        current.username === null &&
        claimed.username &&
        !(await this.usernameTaken(manager, claimed.username, current.id))
      )
        current.username = claimed.username;
      const saved = await manager.save(current);
      if (isNew)
        await Outbox.add<UserRegisteredEvent>(manager, IdentityEvents.userRegistered, {
          userId: saved.id,
          email: saved.email,
          createdAt: saved.createdAt.toISOString(),
        });
      return saved;
    });
    return toUserReply(user, this.config.SUPER_ADMIN_SUBJECT);
  }

  async getUser(caller: Caller | null, userId: string): Promise<IdentityUserReply> {
    if (!caller) throw DomainError.unauthenticated();
    if (caller.userId !== userId) await this.requirePermission(caller, Permission.MANAGE_USERS);
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw DomainError.notFound('User not found.');
    return toUserReply(user, this.config.SUPER_ADMIN_SUBJECT);
  }

  /** Spec §5 profile update for the caller; a taken username is a CONFLICT. */
  async updateProfile(caller: Caller | null, update: ProfileUpdate): Promise<IdentityUserReply> {
    if (!caller) throw DomainError.unauthenticated();
    const changes = profileChanges(update);
    const user = await this.dataSource
      .transaction(async (manager) => {
        const current = await manager.findOne(User, {
          where: { id: caller.userId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!current) throw DomainError.notFound('User not found.');
        if (changes.username !== undefined && (await this.usernameTaken(manager, changes.username, current.id)))
          throw DomainError.conflict(USERNAME_TAKEN, { field: 'username' });
        const changed = Object.entries(changes).some(([key, value]) => current[key as keyof typeof changes] !== value);
        if (!changed) return current;
        Object.assign(current, changes);
        const saved = await manager.save(current);
        await Outbox.add<ProfileUpdatedEvent>(manager, IdentityEvents.profileUpdated, {
          userId: saved.id,
          firstName: saved.firstName,
          lastName: saved.lastName,
          username: saved.username,
        });
        return saved;
      })
      .catch((err: unknown) => {
        // Two users racing for one name: the unique index decides.
        if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505')
          throw DomainError.conflict(USERNAME_TAKEN, { field: 'username' });
        throw err;
      });
    return toUserReply(user, this.config.SUPER_ADMIN_SUBJECT);
  }

  /** Every user, newest first, for callers who may manage users. */
  async listUsers(caller: Caller | null): Promise<AdminUserEntry[]> {
    await this.requirePermission(caller, Permission.MANAGE_USERS);
    const users = await this.dataSource.getRepository(User).find({ order: { createdAt: 'DESC', id: 'ASC' } });
    return users.map((u) => toAdminEntry(u, this.config.SUPER_ADMIN_SUBJECT));
  }

  /** Spec §4: the super administrator promotes a user to admin; promoting an admin again changes nothing. */
  async promote(caller: Caller | null, targetUserId: string, role: string): Promise<PromoteUserReply> {
    const granted = checkPromotion({ caller, targetUserId, role, superAdminSubject: this.config.SUPER_ADMIN_SUBJECT });
    const target = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id: targetUserId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw DomainError.notFound('User not found.');
      if (user.role === granted) return user;
      user.role = granted;
      const saved = await manager.save(user);
      await Outbox.add<UserPromotedEvent>(manager, IdentityEvents.userPromoted, {
        userId: saved.id,
        role: granted,
        promotedBy: caller!.userId,
      });
      return saved;
    });
    return { message: `${target.email ?? target.username ?? target.id} is now an admin.` };
  }

  /**
   * Checks a permission against identity's own records: the caller's stored role and the
   * configured super administrator, not the flags the caller brings.
   */
  private async requirePermission(caller: Caller | null, permission: Permission): Promise<void> {
    if (!caller) throw DomainError.unauthenticated();
    const stored = await this.dataSource.getRepository(User).findOneBy({ id: caller.userId });
    const effective = {
      roles: stored ? [stored.role] : [],
      isSuperAdmin: isSuperAdmin(caller.userId, this.config.SUPER_ADMIN_SUBJECT),
    };
    if (!can(effective, permission)) throw DomainError.forbidden('This requires administrator privileges.');
  }

  private async usernameTaken(manager: EntityManager, username: string, exceptUserId: string): Promise<boolean> {
    return manager
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = lower(:username)', { username })
      .andWhere('u.id <> :id', { id: exceptUserId })
      .getExists();
  }
}
