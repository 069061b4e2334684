import { ErrorCode } from '@originality/contracts';
import { DomainError, GENERIC_INTERNAL_MESSAGE, toErrorEnvelope } from './errors';
import { validateDto } from './validation';
import { IsString, MaxLength } from 'class-validator';

class NameDto {
  @IsString() @MaxLength(3) name: string;
}

describe('error envelopes', () => {
  it('keeps a domain error code, message and details', () => {
    expect(toErrorEnvelope(DomainError.conflict('Taken.', { field: 'username' }))).toEqual({
      code: ErrorCode.CONFLICT,
      message: 'Taken.',
      details: { field: 'username' },
    });
    expect(toErrorEnvelope(DomainError.notFound('No such upload.'))).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: 'No such upload.',
    });
  });

  it('hides any other error behind INTERNAL and a generic message', () => {
    expect(toErrorEnvelope(new Error('password=hunter2'))).toEqual({
      code: ErrorCode.INTERNAL,
      message: GENERIC_INTERNAL_MESSAGE,
    });
    expect(toErrorEnvelope('boom')).toEqual({ code: ErrorCode.INTERNAL, message: GENERIC_INTERNAL_MESSAGE });
  });
});

describe('validateDto', () => {
  it('returns the typed instance for a valid object', async () => {
    await expect(validateDto(NameDto, { name: 'Ada' })).resolves.toBeInstanceOf(NameDto);
  });

  it('refuses unknown fields and bad values with field details', async () => {
    const err = (await validateDto(NameDto, { name: 'Adelaide', role: 'admin' }).catch(
      (e: unknown) => e,
    )) as DomainError;
    expect(err.code).toBe(ErrorCode.VALIDATION);
    expect((err.details as { field: string }[]).map((d) => d.field).sort()).toEqual(['name', 'role']);
  });

  it('refuses a body that is not an object', async () => {
    await expect(validateDto(NameDto, [1])).rejects.toMatchObject({ code: ErrorCode.VALIDATION });
  });
});

describe('an unreachable database', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('answers UNAVAILABLE, not INTERNAL, when Postgres is gone, going or not yet back', () => {
    for (const err of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Query failed'), { driverError: withCode('connection failure', '08006') }),
    ]) {
      expect(toErrorEnvelope(err).code).toBe(ErrorCode.UNAVAILABLE);
    }
  });

  it('keeps other database errors INTERNAL', () => {
    expect(toErrorEnvelope(withCode('duplicate key value', '23505')).code).toBe(ErrorCode.INTERNAL);
  });
});
