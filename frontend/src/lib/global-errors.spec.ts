import { ApiError } from './api-client';
import { handleGlobalError, toastFailure } from './global-errors';
import { browser } from './navigation';
import { bindToastSink } from './toast';

describe('global error handling', () => {
  const shown: { title: string; description?: unknown }[] = [];
  const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  const hooks = { onMaintenance: jest.fn() };

  beforeEach(() => {
    shown.length = 0;
    assign.mockClear();
    hooks.onMaintenance.mockClear();
    bindToastSink((t) => shown.push(t));
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('reports a lost session and signs in again after half a second, back to the same page', () => {
    window.history.pushState({}, '', '/profile?tab=1');
    handleGlobalError(new ApiError(401, '{"error":"Unauthorized","code":"UNAUTHENTICATED"}', 'Unauthorized'), hooks);
    expect(shown).toEqual([
      expect.objectContaining({ title: 'Unauthorized', description: 'You are logged out. Logging in again...' }),
    ]);
    jest.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fprofile%3Ftab%3D1');
  });

  it('leaves other 401s and other errors to the screen that made the call', () => {
    handleGlobalError(new ApiError(401, '{"error":"Session expired"}', ''), hooks);
    handleGlobalError(new ApiError(500, '', 'Internal Server Error'), hooks);
    jest.runAllTimers();
    expect(shown).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks the gate to look again when the server is in maintenance', () => {
    handleGlobalError(new ApiError(503, '{"error":"maintenance","code":"MAINTENANCE"}', ''), hooks);
    expect(hooks.onMaintenance).toHaveBeenCalled();
  });

  it("toasts a read's failure with the server's text when the read names a title", () => {
    handleGlobalError(
      new ApiError(403, '{"error":"This area requires administrator privileges."}', ''),
      hooks,
      'Failed to load users',
    );
    expect(shown).toEqual([
      expect.objectContaining({
        title: 'Failed to load users',
        description: 'This area requires administrator privileges.',
      }),
    ]);
  });

  it("does not stack a feature's failure toast on top of the Unauthorized one", () => {
    toastFailure('Update Failed', new ApiError(401, '{"error":"Unauthorized"}', ''), 'Failed to update profile');
    toastFailure('Update Failed', new ApiError(409, '{"error":"Username is taken"}', ''), 'Failed to update profile');
    expect(shown).toEqual([expect.objectContaining({ title: 'Update Failed', description: 'Username is taken' })]);
  });
});
