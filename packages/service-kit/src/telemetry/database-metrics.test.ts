import { connectDatabase } from '../database';
import { measureDatabaseCommands } from './database-metrics';
import { metricsRegistry } from './metrics';

it('times each MongoDB command by service and operation (real database)', async () => {
  const db = await connectDatabase(process.env.MONGO_URL as string, `cine_metrics_${process.pid}`, { monitorCommands: true });
  try {
    measureDatabaseCommands(db, 'sales');
    await db.collection('sales').insertOne({ total: 900 });
    await db.collection('sales').findOne({ total: 900 });
    const values = (await metricsRegistry.getSingleMetric('db_client_operation_duration_seconds')?.get())?.values ?? [];
    const countOf = (operation: string) =>
      values.find(
        (value) =>
          (value as { metricName?: string }).metricName === 'db_client_operation_duration_seconds_count' &&
          value.labels.service === 'sales' &&
          value.labels.db_operation_name === operation &&
          value.labels.outcome === 'ok',
      )?.value;
    expect(countOf('insert')).toBe(1);
    expect(countOf('find')).toBe(1);
  } finally {
    await db.dropDatabase();
    await db.close();
  }
});
