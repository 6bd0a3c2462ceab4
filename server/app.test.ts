import { describe, expect, it } from 'vitest';
import { originsOf } from './config';
import { post, signUp, freshServerPerTest, startTestServer, type TestServer } from './testing/test-support';

let server: TestServer;
freshServerPerTest((started) => (server = started));

describe('the API as a whole', () => {
  it('sends documents security headers with a strict content security policy', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets documents show images from the configured image and logo sites, and no other', async () => {
    expect(String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).toContain(
      "img-src 'self' data: blob:;",
    );
    const configured = await startTestServer({
      imageOrigins: originsOf([
        'https://img.example.com/base/',
        undefined,
        '/icons/logo.svg',
        'https://cdn.example.org/l.png',
      ]),
    });
    const csp = String((await configured.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://img.example.com https://cdn.example.org;");
    expect(() => originsOf(['https://exa mple.com'])).toThrow(/not a URL/);
  });

  it('marks every API answer uncacheable, unsniffable and inert, errors included', async () => {
    for (const url of ['/api/v1/userinfo/get-info', '/api/v1/nope']) {
      const response = await server.app.inject({ method: 'POST', url });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers an unknown call with HTTP 404 and an envelope', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('refuses an oversized form with 413 in an envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${'a'.repeat(70_000)}&password=x`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 413 });
  });

  it('refuses a JSON body, unreadable or not, with the 415 envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 415 });
  });

  it('treats repeated form fields as invalid rather than crashing', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=a&account=b&password=x',
    });
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'account' } });
  });

  it('hides the details of an internal error', async () => {
    await server.close();
    server = await startTestServer({ newPool: true });
    const user = await signUp(server);
    // The running total the money figures read, gone: the statement behind them fails.
    await server.db.exec('ALTER TABLE users DROP COLUMN wallet');
    const reply = await post(server, 'userinfo/get-info', {}, { token: user.token });
    expect(reply.code).toBe(200);
    const money = await server.app.inject({
      method: 'POST',
      url: '/api/v1/userinfo/get-money-info',
      headers: { 'access-token': user.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=ja',
    });
    expect(money.statusCode).toBe(200);
    const body = money.json<{ code: number; msg: string }>();
    expect(body.code).toBe(500);
    expect(body.msg).not.toMatch(/wallet|sqlite|column|users/i);
  });

  it('limits requests per IP per minute', async () => {
    await server.close();
    server = await startTestServer({ limits: { requestsPerMinute: 3 } });
    for (let index = 0; index < 3; index += 1) {
      expect((await post(server, 'userinfo/get-info', {}, { ip: '10.2.2.2' })).code).toBe(-1);
    }
    const limited = await post(server, 'userinfo/get-info', { lang: 'fayu' }, { ip: '10.2.2.2' });
    expect(limited.code).toBe(429);
    expect(limited.msg).toContain('Trop de tentatives');
    expect((await post(server, 'userinfo/get-info', {}, { ip: '10.2.2.3' })).code).toBe(-1);
  });
});
