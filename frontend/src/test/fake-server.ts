/**
 * A stand-in for the gateway behind `fetch`: routes answer by "METHOD /path", every call is
 * recorded (method, path, headers, parsed body) so tests can check what the browser sent.
 */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  statusText?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  body?: unknown;
  rawBody?: BodyInit | null;
}

type Handler = FakeAnswer | ((call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>);

export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const rawBody = init.body;
    const call: RecordedCall = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      credentials: init.credentials,
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined,
      rawBody,
    };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer =
      typeof handler === 'function'
        ? await handler(call)
        : (handler ?? { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
    return fakeResponse(answer);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export function fakeResponse({ status = 200, body, statusText = '' }: FakeAnswer): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text } as Response;
}

export const signedOut: FakeAnswer = { status: 401, body: { error: 'Unauthorized', code: 'UNAUTHENTICATED' } };
export const maintenanceOff: FakeAnswer = { body: { enabled: false } };
export const maintenanceOn: FakeAnswer = { body: { enabled: true } };

/** What the home screen reads for a user with no uploads yet (usage and the first history page). */
export const newUserHome: Record<string, FakeAnswer> = {
  'GET /api/usage': { body: { current: 0, max: 10 } },
  'GET /api/audio/uploads?limit=10': { body: { uploads: [], nextCursor: null, total: 0 } },
};
