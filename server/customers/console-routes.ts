import type { CustomerBinding, CustomerOrder, CustomerSummary, LedgerLine } from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import { CustomerError, setCustomerStatus, setVipLevel } from './customers';
import type { BankAccountRow } from '../withdrawals/payout-account-queries';
import type { LedgerRow } from '../ledger/queries';
import type { UserRow } from './queries';
import { formatAddress } from '../deposits/chain/addresses';
import { ApiError } from '../platform/http/errors';
import { maskIban } from '../withdrawals/wire';
import { money } from '../platform/http/wire';
import type { ConsoleCallRegistry } from '../staff/calls';

const SEARCH_LIMIT = 20;
const RECENT_ORDERS = 20;
const TEAM_SHOWN = 20;
const LEDGER_PAGE = 25;

const noSuchCustomer = () => new ApiError(ResultCode.notFound, 'console.customer_not_found');

type Details = Record<string, string | undefined>;

function detailsOf(row: BankAccountRow): Details {
  return JSON.parse(row.details) as Details;
}

/** Who holds a payout account, and at which bank, as its binding says. */
export function bindingSummary(row: BankAccountRow): Omit<CustomerBinding, 'id' | 'created_at'> {
  const details = detailsOf(row);
  return {
    type: row.type,
    holder: row.type === 'bank' ? (details.full_name ?? '') : `${details.name ?? ''} ${details.surname ?? ''}`.trim(),
    iban: maskIban(details.iban ?? ''),
    bank: row.type === 'bank' ? (details.bank_name ?? '') : 'Wise',
    country: details.country ?? '',
  };
}

export function toLedgerLine(row: LedgerRow): LedgerLine {
  return {
    id: row.id,
    kind: row.kind,
    amount: money(row.amount),
    balance: money(row.balance_after),
    remark: row.remark,
    created_at: row.created_at,
  };
}

/** A customer's figures as a reviewer sees them beside an order. */
export function customerSummary(user: UserRow): CustomerSummary {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    vip: user.vip,
    status: user.status,
    balance: money(user.balance),
    frozen: money(user.frozen),
    created_at: user.created_at,
  };
}

/** Search, a customer's page, their ledger, and the changes an operator makes to them. */
export function customerRoutes(calls: ConsoleCallRegistry, context: ServerContext): void {
  const { queries } = context;

  async function customer(id: number): Promise<UserRow> {
    const user = await queries.users.byId(id);
    if (!user) throw noSuchCustomer();
    return user;
  }

  calls.operator('customers/search', async ({ query }) => {
    const users = await queries.users.search(query.toLowerCase(), SEARCH_LIMIT);
    return { customers: users.map(customerSummary) };
  });

  calls.operator('customers/detail', async ({ id }) => {
    const user = await queries.users.withInviter(id);
    if (!user) throw noSuchCustomer();
    const [latest, bindings, members, depositAddresses] = await Promise.all([
      queries.review.latestOf(user.id, RECENT_ORDERS),
      queries.bank.allOf(user.id),
      queries.team.members(user.id, TEAM_SHOWN, 0),
      queries.chain.addressesOf(user.id),
    ]);
    const orders: CustomerOrder[] = latest.map((row) => ({ ...row, amount: money(row.amount) }));
    return {
      customer: {
        ...customerSummary(user),
        nickname: user.nickname,
        invite_code: user.invite_code,
        inviter: user.inviter_account,
      },
      bindings: bindings.map((row) => ({ id: row.id, ...bindingSummary(row), created_at: row.created_at })),
      orders,
      team: {
        direct: user.direct_count,
        indirect: user.indirect_count,
        members: members.map((row) => ({ account: row.account, level: row.level, created_at: row.created_at })),
      },
      deposit_addresses: depositAddresses.map((row) => ({
        type: row.type,
        address: formatAddress(row.kind, row.body),
      })),
    };
  });

  calls.operator('customers/ledger', async ({ id, before }) => {
    const user = await customer(id);
    const rows = await queries.ledger.before(user.id, before === '' ? 0 : before, LEDGER_PAGE + 1);
    const items = rows.slice(0, LEDGER_PAGE).map(toLedgerLine);
    return { items, next: rows.length > LEDGER_PAGE ? (items.at(-1)?.id ?? null) : null };
  });

  calls.operator(
    'customers/reveal-binding',
    async ({ id, binding }, { operator }) => {
      const row = await queries.bank.byId(binding);
      if (!row || row.user_id !== id) throw noSuchCustomer();
      const details = detailsOf(row);
      await queries.audit.record({
        actor: operator.name,
        action: 'binding reveal',
        target_type: 'binding',
        target_id: row.id,
        user_id: row.user_id,
        detail: `${row.type} ${maskIban(details.iban ?? '')}`,
        created_at: isoNow(context),
      });
      const shown: Record<string, string> = {};
      for (const [key, value] of Object.entries(details)) if (value !== undefined) shown[key] = value;
      return { id: row.id, iban: details.iban ?? '', details: shown };
    },
    { admin: true },
  );

  calls.operator('customers/status', async ({ id, status, reason }, { operator }) => {
    try {
      await setCustomerStatus(context, id, status, reason, operator.name);
    } catch (error) {
      if (error instanceof CustomerError) throw noSuchCustomer();
      throw error;
    }
    if (status === 'disabled') context.live.endUser(id);
    return { status };
  });

  calls.operator(
    'customers/vip',
    async ({ id, level }, { operator }) => {
      try {
        await setVipLevel(context, id, level, operator.name);
      } catch (error) {
        if (error instanceof CustomerError) throw new ApiError(ResultCode.invalid, 'invalid', { field: 'level' });
        throw error;
      }
      return { vip: level };
    },
    { admin: true },
  );
}
