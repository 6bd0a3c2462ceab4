import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import type { QueueItem, ReviewKind } from '../../contract/console';
import { useEffect } from 'react';
import { useQueuePages } from '../api/reads';
import { REVIEW_KINDS } from '../api/wire';
import { formatAge } from '../../web-kit/lib/format-phrases';
import { useNow } from '../lib/use-now';
import { sessionStateAtom } from '../state/session';
import { liveStatusAtom, queueChangesAtom } from '../state/live';
import { useAtomValue } from '../state/store';
import { Badge } from '../ui/badge';
import { BusyButton } from '../ui/busy-button';
import { ErrorNote } from '../ui/failure';
import { Empty, LoadFailed, Loading } from '../ui/states';
import { DateTime, Usdt } from '../ui/values';
import { useLabels } from '../ui/labels';
import { useTitle } from '../lib/use-title';

function kindFilter(search: string): ReviewKind | null {
  const kind = new URLSearchParams(search).get('kind');
  return REVIEW_KINDS.find((known) => known === kind) ?? null;
}

/** Oldest first: whoever waited longest is served first, whatever order the answer came in. */
function oldestFirst(items: readonly QueueItem[]): QueueItem[] {
  return [...items].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

/** Whether the list on screen is kept current by the live socket. */
function LiveIndicator() {
  const { t } = useLingui();
  const status = useAtomValue(liveStatusAtom);
  const text = {
    connecting: t`Connecting to live updates…`,
    live: t`Live: the queue updates by itself`,
    reconnecting: t`Live updates interrupted; reconnecting…`,
  }[status];
  return (
    <p className={`live live-${status}`} role="status">
      <span className="live-dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** Who has approved an order that needs two, with "you" for the operator reading. */
function ApprovalBadge({ item, me }: { item: QueueItem; me: string }) {
  const { t, i18n } = useLingui();
  if (!item.needs_second_approval) return null;
  if (item.approvals.length === 0) return <Badge tone="neutral">{t`Needs two approvals`}</Badge>;
  const names = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    item.approvals.map((name) => (name === me ? t`you` : name)),
  );
  return (
    <span className="approval">
      <Badge tone="warning">{t`Awaiting second approval`}</Badge>
      <span className="approval-by">{t`approved by ${names}`}</span>
    </span>
  );
}

function QueueRow({ item, now, me }: { item: QueueItem; now: number; me: string }) {
  const { i18n } = useLingui();
  const labels = useLabels();
  return (
    <li className="queue-row">
      {/* The link's name is kind, account and amount; it covers the whole row for the pointer. */}
      <Link href={`/review/${item.kind}?id=${item.id}`} className={`queue-link queue-${item.kind}`}>
        <span className="queue-kind">{labels.kind(item.kind)}</span>{' '}
        <span className="queue-account">{item.account}</span>{' '}
        <span className="queue-amount">
          <Usdt value={item.amount} />
        </span>
      </Link>
      <span className="queue-age">
        <span>{formatAge(item.created_at, now, i18n.locale)}</span>
        <span className="muted">
          <DateTime iso={item.created_at} layout="short" />
        </span>
      </span>
      <span className="queue-status">
        <ApprovalBadge item={item} me={me} />
      </span>
    </li>
  );
}

/**
 * Everything waiting for a decision, oldest first, filterable by kind, a page at a time ("Load
 * more" asks for the next), kept current live.
 */
export function QueuePage() {
  const { t } = useLingui();
  useTitle(t`Review queue`);
  const labels = useLabels();
  const filter = kindFilter(useSearch());
  const session = useAtomValue(sessionStateAtom);
  const me = session.status === 'signed-in' ? session.session.operator.name : '';
  const now = useNow(30_000);
  const { data: pages, error, isLoading, size, setSize, mutate } = useQueuePages(filter);
  const changes = useAtomValue(queueChangesAtom);
  useEffect(() => {
    if (changes > 0) void mutate();
  }, [changes, mutate]);
  const data = pages?.[0];
  const limit = data?.second_approval_above;
  const items = oldestFirst((pages ?? []).flatMap((page) => page.items));
  const hasMore = pages !== undefined && pages.length > 0 && pages[pages.length - 1]?.next != null;
  const loadingMore = pages !== undefined && pages.length > 0 && size > pages.length && !error;
  const loadMore = () => {
    // After a failed page, ask for the same page again rather than the one after it.
    if (pages && size > pages.length) void mutate();
    else void setSize(size + 1);
  };
  const total = data ? REVIEW_KINDS.reduce((sum, kind) => sum + (data.counts[kind] ?? 0), 0) : null;
  const tabs: { kind: ReviewKind | null; label: string; count: number | null }[] = [
    { kind: null, label: t`All`, count: total },
    ...REVIEW_KINDS.map((kind) => ({
      kind,
      label: { recharge: t`Recharges`, withdraw: t`Withdrawals`, sale: t`Sales` }[kind],
      count: data ? (data.counts[kind] ?? 0) : null,
    })),
  ];

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Review queue</Trans>
        </h1>
        <LiveIndicator />
      </div>
      <nav aria-label={t`Kinds of order`}>
        <ul className="tabs">
          {tabs.map((tab) => (
            <li key={tab.kind ?? 'all'}>
              <Link
                href={tab.kind ? `/queue?kind=${tab.kind}` : '/queue'}
                className="tab"
                aria-current={tab.kind === filter ? 'page' : undefined}
              >
                {tab.label}
                {tab.count === null ? null : <span className="count">{tab.count}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data && error ? <ErrorNote error={error} /> : null}
      {!data && isLoading ? (
        <Loading>
          <Trans>Loading the queue…</Trans>
        </Loading>
      ) : null}
      {!data && error ? <LoadFailed error={error} onRetry={() => void mutate()} /> : null}
      {data && items.length === 0 ? (
        <Empty>
          {filter ? <Trans>Nothing of this kind waits for review.</Trans> : <Trans>Nothing waits for review</Trans>}
        </Empty>
      ) : null}
      {items.length > 0 ? (
        <>
          <div className="queue-head" aria-hidden="true">
            <span>{t`Kind`}</span>
            <span>{t`Account`}</span>
            <span className="queue-amount">{t`Amount`}</span>
            <span>{t`Waiting`}</span>
            <span>{t`Approvals`}</span>
          </div>
          <ol className="queue" aria-label={filter ? labels.kind(filter) : t`Orders waiting for review`}>
            {items.map((item) => (
              <QueueRow key={`${item.kind}-${item.id}`} item={item} now={now} me={me} />
            ))}
          </ol>
        </>
      ) : null}
      {hasMore ? (
        <p className="more">
          <BusyButton busy={loadingMore} onClick={loadMore}>
            {t`Load more`}
          </BusyButton>
        </p>
      ) : null}
      {limit ? (
        <p className="footnote">
          <Trans>
            A recharge or withdrawal needs the approval of two operators when it, with the customer's others of its kind
            from the 24 hours before it, comes to more than {limit} USDT.
          </Trans>
        </p>
      ) : null}
    </>
  );
}
