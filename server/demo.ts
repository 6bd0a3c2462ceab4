import { parseMoney, type Cents } from '../contract/money';
import { inTransaction, isoNow, type Domain } from './context';
import { ensureRootInviteCode, uniquePublicCode } from './routes/auth';
import { hashPassword } from './security/passwords';
import { newPublicCode } from './security/tokens';

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

export interface StartupFacts {
  rootInviteCode: string;
  demoSeeded: boolean;
}

/**
 * Runs on every start: makes sure the root invitation code exists and, when asked and the
 * database has no users yet, fills it with demo data that every screen can show.
 */
export async function prepareDatabase(context: Domain, seedDemo: boolean): Promise<StartupFacts> {
  const rootInviteCode = await ensureRootInviteCode(context);
  await context.queries.sessions.purgeExpired(isoNow(context));
  if (!seedDemo || (await context.queries.users.count()) > 0) return { rootInviteCode, demoSeeded: false };

  const demoHash = await hashPassword(DEMO_ACCOUNT.password);
  const friendHash = await hashPassword(DEMO_FRIEND_ACCOUNT.password);
  const demoSeeded = await inTransaction(context, async (tx) => {
    const { queries } = tx;
    // Nodes starting together on an empty database: one of them fills it.
    await tx.lock('demo data');
    if ((await queries.users.count()) > 0) return false;
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
      address: 'TDEMOxNOTxAxREALxADDRESSxDONOTPAY',
      min_amount: amount('10.00'),
      position: 1,
      updated_at: at,
    });
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
  return { rootInviteCode, demoSeeded };
}
