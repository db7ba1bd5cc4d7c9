import { defineHistogram } from '@cine/service-kit';

/** The sales ledger's metrics (docs/observability.md). */
export const ledgerBatchSize = defineHistogram(
  'cine_sales_ledger_batch_size',
  'Paid orders the sales ledger recorded in one batch of writes',
  [1, 2, 5, 10, 20, 50, 100, 200],
);
