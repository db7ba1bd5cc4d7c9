import type { Connection } from 'mongoose';
import { defineHistogram } from './metrics';

/** OpenTelemetry's `db.client.operation.duration` as Prometheus renders it: MongoDB (FerretDB) time per command. */
const databaseOperationDuration = defineHistogram(
  'db_client_operation_duration_seconds',
  'Duration of MongoDB commands (OpenTelemetry db.client.operation.duration), by service, operation and outcome',
  [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  ['service', 'db_system_name', 'db_operation_name', 'outcome'],
);

interface CommandEvent {
  commandName: string;
  duration: number;
}

/** Times every command of the connection (opened with `monitorCommands`) by its name: find, insert, update, aggregate… */
export function measureDatabaseCommands(db: Connection, service: string): void {
  const observe = (outcome: string) => (event: CommandEvent) =>
    databaseOperationDuration.observe(
      { service, db_system_name: 'mongodb', db_operation_name: event.commandName, outcome },
      event.duration / 1000,
    );
  const client = db.getClient();
  client.on('commandSucceeded', observe('ok'));
  client.on('commandFailed', observe('error'));
}
