import { passesCsrfCheck } from './csrf';

const APP = 'http://localhost:3000';

describe('CSRF check for state-changing requests', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('accepts a same-origin %s', (method) => {
    expect(passesCsrfCheck({ method, secFetchSite: 'same-origin' }, APP)).toBe(true);
  });

  it('accepts a request the user started themselves (Sec-Fetch-Site: none)', () => {
    expect(passesCsrfCheck({ method: 'POST', secFetchSite: 'none' }, APP)).toBe(true);
  });

  it.each(['cross-site', 'same-site'])('refuses Sec-Fetch-Site: %s even with a matching Origin', (site) => {
    expect(passesCsrfCheck({ method: 'POST', secFetchSite: site, origin: APP }, APP)).toBe(false);
  });

  it("falls back to Origin, which must be the app's own origin", () => {
    expect(passesCsrfCheck({ method: 'PUT', origin: APP }, APP)).toBe(true);
    expect(passesCsrfCheck({ method: 'PUT', origin: 'http://evil.example' }, APP)).toBe(false);
    expect(passesCsrfCheck({ method: 'PUT', origin: 'http://localhost:3000.evil.example' }, APP)).toBe(false);
    expect(passesCsrfCheck({ method: 'PUT', origin: 'null' }, APP)).toBe(false);
  });

  it('refuses a state-changing request that carries neither header', () => {
    expect(passesCsrfCheck({ method: 'POST' }, APP)).toBe(false);
    expect(passesCsrfCheck({ method: 'delete' }, APP)).toBe(false);
  });

  it('lets reads through without proof', () => {
    expect(passesCsrfCheck({ method: 'GET' }, APP)).toBe(true);
    expect(passesCsrfCheck({ method: 'HEAD', secFetchSite: 'cross-site' }, APP)).toBe(true);
  });
});
