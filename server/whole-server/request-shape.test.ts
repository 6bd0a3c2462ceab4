import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/envelope';
import { API_PREFIX } from '../../contract/rules';
import { signUp, startTestServer, type TestServer, type TestUser } from '../testing/test-support';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

describe('bodies the contract does not speak', () => {
  it.each([
    ['application/json', JSON.stringify({ nickname: 'json', lang: 'en' })],
    ['text/plain', 'nickname=plain&lang=en'],
  ])('refuses %s with the 415 envelope', async (contentType, payload) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}userinfo/save`,
      headers: { 'content-type': contentType, 'access-token': user.token },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ResultCode.unsupportedMedia });
    const info = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}userinfo/get-info`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'access-token': user.token },
      payload: 'lang=en',
    });
    expect(info.json()).toMatchObject({ code: ResultCode.ok, data: { nickname: user.user.nickname } });
  });
});
