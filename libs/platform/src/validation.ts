import { type PipeTransform, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Caller, Envelope } from '@originality/contracts';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import { DomainError } from './errors';

export interface FieldProblem {
  field: string;
  problems: string[];
}

function flatten(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Checks `value` against a class-validator DTO (unknown fields refused) and returns the typed
 * instance, or throws DomainError VALIDATION whose message names the first problem and whose
 * details list every field.
 */
export async function validateDto<T extends object>(dto: new () => T, value: unknown): Promise<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw DomainError.validation('The request body must be a JSON object.');
  }
  const instance = plainToInstance(dto, value);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length) {
    const details = flatten(errors);
    throw DomainError.validation(details[0]?.problems[0] ?? 'Invalid request.', details);
  }
  return instance;
}

/** Pipe form of {@link validateDto}. */
export class ValidateDtoPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  constructor(private readonly dto: new () => T) {}
  transform(value: unknown): Promise<T> {
    return validateDto(this.dto, value);
  }
}

/**
 * The envelope's `data`, validated with `dto` when given:
 * `handle(@EnvelopeData(SignInDto) claims: SignInDto)`.
 */
export function EnvelopeData<T extends object>(dto?: new () => T): ParameterDecorator {
  return dto ? Payload('data', new ValidateDtoPipe(dto)) : Payload('data');
}

/** The caller the gateway put in the envelope (null for system calls). */
export const EnvelopeCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller | null => {
  const envelope = ctx.switchToRpc().getData<Envelope<unknown> | undefined>();
  return envelope?.caller ?? null;
});

/** Refuses a call without a signed-in caller. */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller) throw DomainError.unauthenticated();
  return caller;
}
