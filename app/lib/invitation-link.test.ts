import { describe, expect, it } from 'vitest';
import { invitationLink } from './invitation-link';

const PATH = '/#/pages/login/register?code=AB12CD34';

describe('the shared invitation link', () => {
  it('completes the server’s path with the address the app is open at', () => {
    expect(invitationLink(PATH, '', 'http://192.168.1.5:8080')).toBe(`http://192.168.1.5:8080${PATH}`);
  });

  it('keeps the server’s absolute link (its PUBLIC_URL)', () => {
    expect(invitationLink(`https://wallet.example.com${PATH}`, '', 'http://127.0.0.1:8080')).toBe(
      `https://wallet.example.com${PATH}`,
    );
  });

  it('puts the build’s app address in front of either', () => {
    const appUrl = 'https://app.example.org';
    expect(invitationLink(PATH, appUrl, 'http://127.0.0.1:8080')).toBe(`${appUrl}${PATH}`);
    expect(invitationLink(`https://wallet.example.com${PATH}`, appUrl, 'http://127.0.0.1:8080')).toBe(
      `${appUrl}${PATH}`,
    );
  });
});
