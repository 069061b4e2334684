import { ApiError, apiGet, apiRequest, errorDescription, isMaintenanceError, isUnauthorizedError } from './api-client';
import { fakeServer } from '../test/fake-server';

describe('api client', () => {
  it('sends cookies and a JSON body with its content-type when there is a body', async () => {
    const server = fakeServer({ 'PUT /api/auth/profile': { body: { id: 'u1' } } });
    await expect(apiRequest('PUT', '/api/auth/profile', { firstName: 'Ada' })).resolves.toEqual({ id: 'u1' });
    const [call] = server.calls;
    expect(call.credentials).toBe('include');
    expect(call.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(call.body).toEqual({ firstName: 'Ada' });
  });

  it('sends neither a body nor a content-type when there is no body', async () => {
    const server = fakeServer({ 'POST /api/subscription/cancel': { body: { message: 'ok' } } });
    await apiRequest('POST', '/api/subscription/cancel');
    expect(server.calls[0].headers).toEqual({});
    expect(server.calls[0].rawBody).toBeUndefined();
  });

  it('turns a non-OK answer into "status: body text"', async () => {
    fakeServer({ 'POST /api/admin/promote-user': { status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } } });
    const error = await apiRequest('POST', '/api/admin/promote-user', { userId: 'x', role: 'admin' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('403: {"error":"Forbidden","code":"FORBIDDEN"}');
    expect((error as ApiError).serverMessage).toBe('Forbidden');
  });

  it('uses the status text when the error body is empty', async () => {
    fakeServer({ 'GET /api/usage': { status: 502, statusText: 'Bad Gateway' } });
    await expect(apiGet(['/api/usage'])).rejects.toThrow('502: Bad Gateway');
  });

  it('builds reads from the path segments of the query key', async () => {
    const server = fakeServer({ 'GET /api/admin/uploads/7': { body: [] } });
    await apiGet(['/api/admin', 'uploads', '7']);
    expect(server.calls[0]).toMatchObject({ method: 'GET', path: '/api/admin/uploads/7', credentials: 'include' });
  });

  it('answers null for a 401 only when the read asks for it', async () => {
    fakeServer({ 'GET /api/auth/user': { status: 401, body: { error: 'Unauthorized', code: 'UNAUTHENTICATED' } } });
    await expect(apiGet(['/api/auth/user'], { on401: 'returnNull' })).resolves.toBeNull();
    const error = await apiGet(['/api/auth/user']).catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('recognises the maintenance answer', async () => {
    fakeServer({ 'PUT /api/auth/profile': { status: 503, body: { error: 'maintenance', code: 'MAINTENANCE' } } });
    const error = await apiRequest('PUT', '/api/auth/profile', {}).catch((e: unknown) => e);
    expect(isMaintenanceError(error)).toBe(true);
    expect(isUnauthorizedError(error)).toBe(false);
  });

  it("describes an error with the server's error text, else the fallback", () => {
    expect(
      errorDescription(new ApiError(400, '{"error":"Username is taken","code":"CONFLICT"}', 'Bad Request'), 'Failed'),
    ).toBe('Username is taken');
    expect(errorDescription(new ApiError(500, '<html>oops</html>', 'Internal Server Error'), 'Failed')).toBe('Failed');
    expect(errorDescription(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
  });
});
