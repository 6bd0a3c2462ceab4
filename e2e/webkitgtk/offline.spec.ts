import { DEMO } from '../fixtures';
import { expect, poll, test } from './fixtures';
import { MONEY_READ, PROFILE_READ, byTestId, tab, type WebKitApp } from './webkit';

/** Signed in on a server that is about to go away, with the worker keeping what Home and My read. */
async function signInAndCache(app: WebKitApp): Promise<void> {
  await app.signInWithWorker(DEMO.account, DEMO.password);
  await poll(() => app.text(byTestId('balance'))).toMatch(/^1,000\.00/);
  await app.click(tab('My'));
  await poll(() => app.text(byTestId('balance'))).toMatch(/^1,000\.00/);
  await poll(() => app.cachedReads()).toEqual(expect.arrayContaining([MONEY_READ, PROFILE_READ]));
}

async function expectLastBalanceOffline(app: WebKitApp): Promise<void> {
  await poll(() => app.text(byTestId('balance'))).toMatch(/^1,000\.00/);
  await poll(() => app.text(byTestId('no-network-tip'))).toContain('Showing balances from');
}

test('with the server gone, a reload and a reopen show the last balance and say how old it is', async ({
  webkit,
  ownServer,
}, testInfo) => {
  const app = webkit.at(ownServer.baseUrl);
  await signInAndCache(app);
  await ownServer.stop();

  await app.reload();
  await expectLastBalanceOffline(app);
  await app.open('/');
  await expectLastBalanceOffline(app);
  await testInfo.attach('offline reopen', { body: await app.screenshot(), contentType: 'image/png' });
});

test('a page open when the server goes away keeps the last balance as it moves between tabs', async ({
  webkit,
  ownServer,
}) => {
  const app = webkit.at(ownServer.baseUrl);
  await signInAndCache(app);
  await app.click(tab('Home'));
  await poll(() => app.text(byTestId('balance'))).toMatch(/^1,000\.00/);
  await ownServer.stop();

  // A screen asks again only for figures older than two seconds (SWR's deduping), so the first
  // moves may show what the page holds without asking; one of the next asks and learns.
  await expect(async () => {
    await app.click(tab('My'));
    await app.click(tab('Home'));
    expect(await app.text(byTestId('no-network-tip'))).toContain('Showing balances from');
  }).toPass({ timeout: 10_000 });
  await expectLastBalanceOffline(app);
  await app.click(tab('My'));
  await expectLastBalanceOffline(app);
});
