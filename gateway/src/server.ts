import { startMetricsServerFromEnv } from '@cine/service-kit';
import { buildGateway } from './gateway';
import { gatewayOptionsFromEnv } from './options';

/** Entry point of the gateway running on its own (its container); configuration from the environment. */
async function main(): Promise<void> {
  const { options, listen } = gatewayOptionsFromEnv();
  const app = await buildGateway(options);
  await app.listen(listen);
  const metrics = await startMetricsServerFromEnv(listen.host, app.log);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await metrics?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

void main();
