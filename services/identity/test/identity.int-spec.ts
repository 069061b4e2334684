import type { INestApplication } from '@nestjs/common';
import {
  type AdminUserEntry,
  type Caller,
  ErrorCode,
  IdentityEvents,
  type IdentityUserReply,
  IdentitySubjects,
  type MaintenanceStatus,
  type PromoteUserReply,
  Role,
  ServiceName,
  pingSubject,
} from '@originality/contracts';
import { DomainError, RpcClient } from '@originality/platform';
import {
  type EventRecorder,
  type TestDatabase,
  type TestNats,
  aSignInClaims,
  getTestDatabase,
  getTestNats,
  recordEvents,
  startTestService,
} from '@originality/testing';
import { IdentityModule } from '../src/identity.module';

const SUPER = `super-${Date.now()}`;

describe('identity service over NATS (real Postgres, real NATS)', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let app: INestApplication;
  let rpc: RpcClient;
  let events: EventRecorder;
  let superAdmin: Caller;

  const call = <T>(subject: string, data: unknown, caller: Caller | null = null) =>
    rpc.request<unknown, T>(subject, data, { caller });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
    return { code: err.code, message: err.message };
  };
  const callerOf = (u: IdentityUserReply): Caller => ({
    userId: u.id,
    email: u.email,
    roles: [u.role],
    isSuperAdmin: u.isSuperAdmin,
  });

  beforeAll(async () => {
    [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
    app = await startTestService({
      name: ServiceName.IDENTITY,
      module: IdentityModule,
      databaseUrl: db.url,
      natsUrl: nats.url,
      env: { SUPER_ADMIN_SUBJECT: SUPER },
    });
    rpc = app.get(RpcClient);
    events = await recordEvents(nats.url, 'events.identity.>');
    superAdmin = callerOf(
      await call<IdentityUserReply>(IdentitySubjects.signIn, aSignInClaims({ sub: SUPER, email: 'boss@example.com' })),
    );
  });

  afterAll(async () => {
    await events?.stop();
    await app?.close();
    await db?.drop();
    await nats?.stop();
  });

  it('answers its ping with its name', async () => {
    await expect(call(pingSubject(ServiceName.IDENTITY), {})).resolves.toEqual({ service: 'identity' });
  });

  it('creates the user at the first sign-in, announces it once, and refreshes e-mail at the next', async () => {
    const claims = aSignInClaims({
      given_name: undefined,
      family_name: undefined,
      name: 'Grace Brewster Hopper',
      email: 'Grace@Example.com',
    });
    const first = await call<IdentityUserReply>(IdentitySubjects.signIn, claims);
    expect(first).toMatchObject({
      id: claims.sub,
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      username: claims.preferred_username,
      role: Role.USER,
      isSuperAdmin: false,
    });

    const again = await call<IdentityUserReply>(IdentitySubjects.signIn, { ...claims, email: 'grace@navy.mil' });
    expect(again.email).toBe('grace@navy.mil');
    expect(again.createdAt).toBe(first.createdAt);

    const registered = await events.waitFor(
      (e) => e.type === IdentityEvents.userRegistered && (e.data as { userId: string }).userId === claims.sub,
    );
    expect(registered.data).toEqual({ userId: claims.sub, email: 'grace@example.com', createdAt: first.createdAt });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      events.events.filter(
        (e) => e.type === IdentityEvents.userRegistered && (e.data as { userId: string }).userId === claims.sub,
      ),
    ).toHaveLength(1);
  });

  it('refuses a sign-in without a subject, naming the field', async () => {
    const err = await failure(call(IdentitySubjects.signIn, { email: 'x@example.com' }));
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect(err.message).toMatch(/sub/);
  });

  it('lets a user read and update their profile, refusing a taken username', async () => {
    const ada = callerOf(
      await call<IdentityUserReply>(IdentitySubjects.signIn, aSignInClaims({ preferred_username: 'ada-int' })),
    );
    const bob = callerOf(
      await call<IdentityUserReply>(IdentitySubjects.signIn, aSignInClaims({ preferred_username: 'bob-int' })),
    );

    expect(await call<IdentityUserReply>(IdentitySubjects.getUser, { userId: ada.userId }, ada)).toMatchObject({
      id: ada.userId,
      username: 'ada-int',
    });
    expect(await failure(call(IdentitySubjects.getUser, { userId: ada.userId }, bob))).toEqual({
      code: ErrorCode.FORBIDDEN,
      message: 'This requires administrator privileges.',
    });

    const updated = await call<IdentityUserReply>(
      IdentitySubjects.updateProfile,
      { firstName: '  Augusta ', lastName: '', username: ' countess ' },
      ada,
    );
    expect(updated).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace', username: 'countess' });
    await events.waitFor(
      (e) => e.type === IdentityEvents.profileUpdated && (e.data as { userId: string }).userId === ada.userId,
    );

    expect(await failure(call(IdentitySubjects.updateProfile, { username: 'COUNTESS' }, bob))).toEqual({
      code: ErrorCode.CONFLICT,
      message: 'That username is already taken.',
    });
    expect((await failure(call(IdentitySubjects.updateProfile, { username: 'no spaces' }, bob))).code).toBe(
      ErrorCode.VALIDATION,
    );
    expect((await failure(call(IdentitySubjects.updateProfile, { isAdmin: true }, bob))).code).toBe(
      ErrorCode.VALIDATION,
    );
    expect((await failure(call(IdentitySubjects.updateProfile, { firstName: 'X' }, null))).code).toBe(
      ErrorCode.UNAUTHENTICATED,
    );
  });

  it('lets only the super administrator promote, only to admin, never the super administrator', async () => {
    const target = await call<IdentityUserReply>(
      IdentitySubjects.signIn,
      aSignInClaims({ email: 'helper@example.com' }),
    );
    const plain = callerOf(await call<IdentityUserReply>(IdentitySubjects.signIn, aSignInClaims()));

    expect(
      await failure(
        call(IdentitySubjects.promoteUser, { userId: target.id, role: 'admin' }, { ...plain, isSuperAdmin: true }),
      ),
    ).toEqual({
      code: ErrorCode.FORBIDDEN,
      message: 'Only the super administrator can change roles.',
    });
    expect(await failure(call(IdentitySubjects.promoteUser, { userId: target.id, role: 'owner' }, superAdmin))).toEqual(
      { code: ErrorCode.VALIDATION, message: 'Unknown role: owner' },
    );
    expect(await failure(call(IdentitySubjects.promoteUser, { userId: SUPER, role: 'admin' }, superAdmin))).toEqual({
      code: ErrorCode.VALIDATION,
      message: 'The super administrator cannot be promoted.',
    });
    expect(
      (await failure(call(IdentitySubjects.promoteUser, { userId: 'nobody-here', role: 'admin' }, superAdmin))).code,
    ).toBe(ErrorCode.NOT_FOUND);

    await expect(
      call<PromoteUserReply>(IdentitySubjects.promoteUser, { userId: target.id, role: 'admin' }, superAdmin),
    ).resolves.toEqual({ message: 'helper@example.com is now an admin.' });
    const promoted = await events.waitFor(
      (e) => e.type === IdentityEvents.userPromoted && (e.data as { userId: string }).userId === target.id,
    );
    expect(promoted.data).toEqual({ userId: target.id, role: 'admin', promotedBy: SUPER });

    // The new admin may now list users (manage_users); the plain user may not.
    const admin = callerOf(await call<IdentityUserReply>(IdentitySubjects.getUser, { userId: target.id }, superAdmin));
    const list = await call<AdminUserEntry[]>(IdentitySubjects.listUsers, {}, admin);
    expect(list.find((u) => u.id === SUPER)?.role).toBe(Role.SUPER_ADMIN);
    expect(list.find((u) => u.id === target.id)?.role).toBe(Role.ADMIN);
    expect((await failure(call(IdentitySubjects.listUsers, {}, plain))).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('lets anyone read maintenance mode and only the super administrator switch it', async () => {
    const plain = callerOf(await call<IdentityUserReply>(IdentitySubjects.signIn, aSignInClaims()));
    await expect(call<MaintenanceStatus>(IdentitySubjects.getMaintenance, {})).resolves.toEqual({ enabled: false });
    expect((await failure(call(IdentitySubjects.setMaintenance, { enabled: true }, plain))).code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await failure(call(IdentitySubjects.setMaintenance, { enabled: 'yes' }, superAdmin))).code).toBe(
      ErrorCode.VALIDATION,
    );

    await expect(
      call<MaintenanceStatus>(IdentitySubjects.setMaintenance, { enabled: true }, superAdmin),
    ).resolves.toEqual({ enabled: true });
    await expect(call<MaintenanceStatus>(IdentitySubjects.getMaintenance, {}, plain)).resolves.toEqual({
      enabled: true,
    });
    const changed = await events.waitFor((e) => e.type === IdentityEvents.maintenanceChanged);
    expect(changed.data).toEqual({ enabled: true, changedBy: SUPER });
  });
});
