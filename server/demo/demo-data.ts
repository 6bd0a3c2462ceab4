import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { parseMoney, type Cents } from '../../contract/money';
import { addFirstAdministrator } from '../staff/operators';
import { inTransaction } from '../ledger/transactions';
import { isoNow, type Domain } from '../platform/domain';
import { publishQueueMove } from '../live/events';
import { ensureRootInviteCode, uniquePublicCode } from '../auth/routes';
import { hashPassword } from '../auth/passwords';
import { newPublicCode, sha256 } from '../platform/security/tokens';

export const DEMO_ACCOUNT = { account: 'demo', email: 'demo@example.com', password: 'Demo12345' } as const;
/** The demo customer's invitee: no money, a name of its own. */
export const DEMO_FRIEND_ACCOUNT = {
  account: 'demo_friend',
  email: 'friend@example.com',
  password: 'Demo12345-friend',
} as const;

function amount(text: string): Cents {
  const value = parseMoney(text);
  if (value === null) throw new Error(`bad demo amount ${text}`);
  return value;
}

/** The console's demo administrator: a password from the README, replaced at the first sign-in. */
export const DEMO_ADMIN = { name: 'admin', password: 'Admin12345' } as const;

export interface StartupFacts {
  rootInviteCode: string;
  demoSeeded: boolean;
  /**
   * The first console account, on the start that made it and never again: what `npm start`
   * prints once so that someone can sign in to /console/. A later start prints no secret, even
   * one it could read from the database.
   */
  firstOperator: { name: string; password: string; totpSecret: string; totpUri: string } | null;
}

/**
 * The console's first administrator, made once, when no operator exists: with demo data the
 * demo admin (the README's password), otherwise one with a one-time password. Either way the
 * first sign-in sets a password of the operator's own. Nodes starting together make one.
 */
async function ensureFirstOperator(context: Domain, demo: boolean): Promise<StartupFacts['firstOperator']> {
  return inTransaction(context, async (tx) => {
    await tx.lock('first operator');
    if ((await tx.queries.operators.count()) > 0) return null;
    return addFirstAdministrator(tx, { name: DEMO_ADMIN.name, ...(demo ? { password: DEMO_ADMIN.password } : {}) });
  });
}

/**
 * A transfer receipt as a customer would photograph it: the demo's pending recharge needs a proof
 * for the console to show.
 */
async function demoProof(amountText: string, address: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="900" viewBox="0 0 640 900">
    <rect width="640" height="900" fill="#f4f6fb"/>
    <rect x="40" y="60" width="560" height="780" rx="24" fill="#ffffff" stroke="#d5dae6" stroke-width="2"/>
    <circle cx="320" cy="190" r="56" fill="#26a17b"/>
    <path d="M292 190 l20 20 l38 -42" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round"/>
    <text x="320" y="300" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#1c2333">Transfer sent</text>
    <text x="320" y="370" font-family="sans-serif" font-size="52" font-weight="bold" text-anchor="middle" fill="#1c2333">${amountText} USDT</text>
    <text x="80" y="470" font-family="sans-serif" font-size="22" fill="#6b7388">Network</text>
    <text x="560" y="470" font-family="sans-serif" font-size="22" text-anchor="end" fill="#1c2333">TRC20</text>
    <text x="80" y="530" font-family="sans-serif" font-size="22" fill="#6b7388">To</text>
    <text x="560" y="530" font-family="monospace" font-size="15" text-anchor="end" fill="#1c2333">${address}</text>
    <text x="80" y="590" font-family="sans-serif" font-size="22" fill="#6b7388">Transaction</text>
    <text x="560" y="590" font-family="monospace" font-size="15" text-anchor="end" fill="#1c2333">7f3a…c91e (demo, not real)</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Runs on every start: makes sure the root invitation code exists and, when asked and the
 * database has no users yet, fills it with demo data that every screen can show.
 */
export async function prepareDatabase(context: Domain, seedDemo: boolean): Promise<StartupFacts> {
  const rootInviteCode = await ensureRootInviteCode(context);
  await context.queries.sessions.purgeExpired(isoNow(context));
  const firstOperator = await ensureFirstOperator(context, seedDemo);
  if (!seedDemo || (await context.queries.users.any())) return { rootInviteCode, demoSeeded: false, firstOperator };

  const proofAddress = 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY';
  const proof = await demoProof('120.00', proofAddress);
  const demoHash = await hashPassword(DEMO_ACCOUNT.password);
  const friendHash = await hashPassword(DEMO_FRIEND_ACCOUNT.password);
  const demoSeeded = await inTransaction(context, async (tx) => {
    const { queries } = tx;
    // Nodes starting together on an empty database: one of them fills it.
    await tx.lock('demo data');
    if (await queries.users.any()) return false;
    const at = isoNow(tx);
    const demoId = await queries.users.insert({
      account: DEMO_ACCOUNT.account,
      email: DEMO_ACCOUNT.email,
      password_hash: demoHash,
      nickname: 'Demo',
      invite_code: await uniquePublicCode(tx),
      transfer_code: await uniquePublicCode(tx),
      inviter_id: null,
      created_at: at,
    });
    await tx.ledger.post({ userId: demoId, kind: 'adjust', amount: amount('1000.00'), remark: 'demo credit', at });
    await queries.users.insert({
      account: DEMO_FRIEND_ACCOUNT.account,
      email: DEMO_FRIEND_ACCOUNT.email,
      password_hash: friendHash,
      nickname: 'Friend',
      invite_code: await uniquePublicCode(tx),
      transfer_code: await uniquePublicCode(tx),
      inviter_id: demoId,
      created_at: at,
    });

    await queries.recharge.upsertAddress({
      type: 'TRC20',
      address: proofAddress,
      min_amount: amount('10.00'),
      position: 1,
      updated_at: at,
    });
    // A recharge waiting for review, so the console has a proof to show from the first start.
    const proofName = `${randomBytes(16).toString('hex')}.png`;
    await queries.uploads.insert({
      user_id: demoId,
      name: proofName,
      mime: 'image/png',
      size: proof.length,
      content: proof,
      content_hash: sha256(proof),
      created_at: at,
    });
    await queries.recharge.insert({
      user_id: demoId,
      type: 'TRC20',
      category: 'USDT',
      address: proofAddress,
      amount: amount('120.00'),
      credentials: `/uploads/${proofName}`,
      proof_hash: `sha256:${sha256(proof)}`,
      created_at: at,
    });
    await publishQueueMove(tx, demoId, { kind: 'recharge', by: 1 });
    await queries.recharge.upsertAddress({
      type: 'ERC20',
      address: '0xDEMO00NOT00A00REAL00ADDRESS00DO00NOT00PAY',
      min_amount: amount('20.00'),
      position: 2,
      updated_at: at,
    });

    const merchants: number[] = [];
    for (const merchant of [
      { name: 'Northwind Exchange', rate: 9850, orders: 1284 },
      { name: 'Harbor OTC', rate: 9720, orders: 652 },
      { name: 'Lumen Traders', rate: 9910, orders: 2310 },
    ]) {
      merchants.push(
        await queries.selling.insertMerchant({
          name: merchant.name,
          avatar: '',
          completion_rate: merchant.rate,
          orders_count: merchant.orders,
          created_at: at,
        }),
      );
    }
    const offers: [number, string, string, string, string, string][] = [
      [0, '0.93', 'EUR', '50000.00', '10.00', '5000.00'],
      [1, '0.92', 'EUR', '20000.00', '50.00', '2000.00'],
      [2, '1.01', 'USD', '80000.00', '10.00', '10000.00'],
      [0, '1.00', 'USD', '15000.00', '20.00', '3000.00'],
      [2, '0.79', 'GBP', '10000.00', '10.00', '1500.00'],
    ];
    for (const [merchant, price, currency, quantity, min, max] of offers) {
      const merchantId = merchants[merchant];
      if (merchantId === undefined) continue;
      await queries.selling.insertOffer({
        order_no: `S${newPublicCode(10)}`,
        merchant_id: merchantId,
        unit_price: amount(price),
        currency,
        quantity: amount(quantity),
        min_number: amount(min),
        max_number: amount(max),
        created_at: at,
      });
    }

    const products: [string, number, number, string, string][] = [
      ['Flexible 7 days', 365, 7, '10.00', '5000.00'],
      ['Steady 30 days', 600, 30, '100.00', '20000.00'],
      ['Growth 90 days', 900, 90, '500.00', '50000.00'],
    ];
    for (const [name, rate, days, min, max] of products) {
      await queries.interestWallet.insertProduct({
        name,
        rate,
        days,
        min_amount: amount(min),
        max_amount: amount(max),
        created_at: at,
      });
    }

    await queries.customerService.insert({
      name: 'Telegram support',
      type: 'telegram',
      url: 'https://t.me/example_support',
      created_at: at,
    });
    await queries.customerService.insert({
      name: 'WhatsApp support',
      type: 'whatsapp',
      url: 'https://wa.me/10000000000',
      created_at: at,
    });
    await queries.customerService.insert({
      name: 'E-mail support',
      type: 'email',
      url: 'mailto:support@example.com',
      created_at: at,
    });
    return true;
  });
  return { rootInviteCode, demoSeeded, firstOperator };
}
