import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { ConsoleCallResponse, ReviewKind } from '../../../contract/console';
import { useFollowQueue, useReview } from '../../api/reads';
import { LoadFailed, Loading } from '../../ui/states';
import { useLabels } from '../../ui/labels';
import { useTitle } from '../../lib/use-title';

/** The order's id from `?id=`: plain digits, as the server takes them, or null. */
export function useOrderId(): string | null {
  const id = new URLSearchParams(useSearch()).get('id');
  return id && /^[1-9]\d{0,15}$/.test(id) ? id : null;
}

interface Props<T> {
  kind: ReviewKind;
  id: string | null;
  read: { data: T | undefined; error: unknown; retry: () => void };
  children: (data: T) => ReactNode;
}

/** What every review screen shares: the way back, the heading, and the read's states. */
export function ReviewFrame<T>({ kind, id, read, children }: Props<T>) {
  const { t } = useLingui();
  const labels = useLabels();
  const title = id ? t`${labels.kind(kind)} #${id}` : labels.kind(kind);
  useTitle(title);
  return (
    <>
      <p className="back">
        <Link href="/queue">
          <span aria-hidden="true">← </span>
          <Trans>Back to the queue</Trans>
        </Link>
      </p>
      <h1>{title}</h1>
      {!id ? (
        <p className="note note-error" role="alert">
          <Trans>This address names no order. Open one from the queue.</Trans>
        </p>
      ) : read.data ? (
        children(read.data)
      ) : read.error ? (
        <LoadFailed error={read.error} onRetry={read.retry} />
      ) : (
        <Loading>
          <Trans>Loading the order…</Trans>
        </Loading>
      )}
    </>
  );
}

/** A review screen: its order read by `?id=`, read again when the queue says it changed. */
export function ReviewPage<K extends ReviewKind>({
  kind,
  children,
}: {
  kind: K;
  children: (review: ConsoleCallResponse<`review/${K}`>) => ReactNode;
}) {
  const id = useOrderId();
  const { data, error, mutate } = useReview<`review/${K}`>(`review/${kind}`, id);
  useFollowQueue(kind, id, () => void mutate());
  return (
    <ReviewFrame kind={kind} id={id} read={{ data, error, retry: () => void mutate() }}>
      {children}
    </ReviewFrame>
  );
}
