import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ErrorCode, HTTP_STATUS_BY_CODE } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import { toHttpError } from './http-error';

describe('error answers', () => {
  it.each(Object.values(ErrorCode))('maps DomainError %s through HTTP_STATUS_BY_CODE with its message', (code) => {
    const { status, body } = toHttpError(new DomainError(code, 'Shown to the user', { field: 'x' }));
    expect(status).toBe(HTTP_STATUS_BY_CODE[code]);
    expect(body).toEqual({ error: 'Shown to the user', code, details: { field: 'x' } });
  });

  it('leaves details out when there are none', () => {
    expect(toHttpError(DomainError.notFound('No such user')).body).toEqual({
      error: 'No such user',
      code: 'NOT_FOUND',
    });
  });

  it('turns validation pipe failures into 400 VALIDATION with every problem as details', () => {
    const err = new BadRequestException({ message: ['username must be a string', 'property foo should not exist'] });
    expect(toHttpError(err)).toEqual({
      status: 400,
      body: {
        error: 'username must be a string',
        code: 'VALIDATION',
        details: ['username must be a string', 'property foo should not exist'],
      },
      unexpected: false,
    });
  });

  it('keeps framework refusals 4xx with a code', () => {
    expect(toHttpError(new NotFoundException('Cannot GET /api/nope')).body.code).toBe('NOT_FOUND');
    expect(toHttpError(new ThrottlerException()).status).toBe(429);
    expect(toHttpError(new ThrottlerException()).body.code).toBe('LIMIT_EXCEEDED');
    expect(toHttpError(new PayloadTooLargeException()).status).toBe(413);
  });

  it('answers malformed and oversized JSON bodies with 400 and 413, not 500', () => {
    const malformed = Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed', status: 400 });
    const oversized = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(toHttpError(malformed)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', error: 'The request body is not valid JSON.' },
    });
    expect(toHttpError(oversized)).toMatchObject({ status: 413, body: { code: 'VALIDATION' } });
  });

  it('hides unexpected errors behind a logged 500', () => {
    const result = toHttpError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(result).toEqual({
      status: 500,
      body: { error: 'Internal server error', code: 'INTERNAL' },
      unexpected: true,
    });
  });
});
