import { DEMO, DEMO_FRIEND } from '../fixtures';
import { expect, poll, test } from './fixtures';
import { MONEY_READ, PROFILE_READ, button, byTestId, tab, type WebKitApp } from './webkit';

/** What of the first customer (demo) must never reach the second's screen: figures and name. */
const FIRST_CUSTOMER = /1,000\.00|\bDemo\b/;

/**
 * Runs in the page: notes every text the document ever holds that matches `pattern`, from now
 * until the document goes, so a figure that shows for a moment is caught too.
 */
function watchFor(pattern: string): void {
  const seen: string[] = [];
  (window as unknown as { firstCustomerSeen: string[] }).firstCustomerSeen = seen;
  const match = new RegExp(pattern);
  const look = () => {
    const found = match.exec(document.body.textContent ?? '');
    if (found) seen.push(found[0]);
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
}

function seenSoFar(app: WebKitApp): Promise<string[]> {
  return app.evaluate(() => (window as unknown as { firstCustomerSeen: string[] }).firstCustomerSeen);
}

test('a second customer on the device never sees the first one’s figures, name or cached balance', async ({
  webkit,
  ownServer,
}) => {
  const app = webkit.at(ownServer.baseUrl);
  await app.signInWithWorker(DEMO.account, DEMO.password);
  await poll(() => app.text(byTestId('balance'))).toMatch(/^1,000\.00/);
  const firstToken = await app.token();
  await poll(() => app.cachedReads(firstToken)).toContain(MONEY_READ);

  await app.click(tab('My'));
  await app.click(byTestId('logout'));
  await poll(() => app.isVisible(button('Log in'))).toBe(true);
  await poll(() => app.cachedReads(firstToken)).toEqual([]);

  // The same document from sign-out to the second customer's Home and My.
  await app.evaluate(watchFor, FIRST_CUSTOMER.source);
  await app.submitLogin(DEMO_FRIEND.account, DEMO_FRIEND.password);
  await poll(() => app.text(byTestId('balance'))).toMatch(/^0\.00/);
  await app.click(tab('My'));
  await poll(() => app.text(byTestId('balance'))).toMatch(/^0\.00/);
  await poll(() => app.screenText()).toContain('Friend');
  expect(await seenSoFar(app)).toEqual([]);
  await poll(() => app.cachedReads()).toEqual(expect.arrayContaining([MONEY_READ, PROFILE_READ]));
  // The boot script paints the stored copy of Home before any watcher could run: it must be the
  // second customer's.
  const homeCopy = () => app.evaluate(() => localStorage.getItem('homeSnapshot') ?? '');
  await poll(homeCopy).toContain('Friend');
  expect(await homeCopy()).not.toMatch(FIRST_CUSTOMER);

  await ownServer.stop();
  for (const reopen of [() => app.reload(), () => app.open('/')]) {
    await reopen();
    await app.evaluate(watchFor, FIRST_CUSTOMER.source);
    await poll(() => app.text(byTestId('no-network-tip'))).toContain('Showing balances from');
    await poll(() => app.text(byTestId('balance'))).toMatch(/^0\.00/);
    await app.click(tab('My'));
    await poll(() => app.screenText()).toContain('Friend');
    expect(await seenSoFar(app)).toEqual([]);
  }
  expect(await app.cachedReads(firstToken)).toEqual([]);
});
