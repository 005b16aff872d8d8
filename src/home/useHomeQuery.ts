import { useQueries } from '@tanstack/react-query';
import { useAnalytics } from '../dashboards/analytics';

/** One query a card runs: the analytics query id and its typed parameters. */
export interface HomeQuery {
  id: number;
  parameters: Record<string, unknown>;
}

/**
 * The state of a card's queries:
 * - `loading` until every query answered;
 * - `refused` when the server refused one with 403 (the card is not this role's: it is hidden,
 *   no toast);
 * - `error` with the first failure's message and `retry`, which runs the failed queries again;
 * - `done` with each query's rows, in the order asked.
 */
export type HomeQueryState =
  | { status: 'loading' }
  | { status: 'refused' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'done'; rows: Array<Array<Record<string, unknown>>> };

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;

/**
 * Runs a card's analytics queries (`runQuery`, docs/areas/dashboards.md "The flow") once each,
 * cached per query and parameters for the page's life, never retried on their own (a failure
 * shows the card's Retry).
 */
export function useHomeQueries(queries: readonly HomeQuery[]): HomeQueryState {
  const { runQuery } = useAnalytics();
  const results = useQueries({
    queries: queries.map((q) => ({
      queryKey: ['home', q.id, q.parameters],
      queryFn: ({ signal }: { signal: AbortSignal }) => runQuery(q.id, q.parameters, { signal }),
      retry: false,
      refetchOnWindowFocus: false,
    })),
  });
  const failed = results.filter((r) => r.isError);
  if (failed.some((r) => statusOf(r.error) === 403)) return { status: 'refused' };
  if (failed.length)
    return {
      status: 'error',
      message: failed[0]!.error instanceof Error ? failed[0]!.error.message : String(failed[0]!.error),
      retry: () => failed.forEach((r) => void r.refetch()),
    };
  if (results.some((r) => !r.data)) return { status: 'loading' };
  return { status: 'done', rows: results.map((r) => r.data!.rows) };
}
