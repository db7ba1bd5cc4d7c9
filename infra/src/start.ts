// `npm start`: the whole platform in one process (see platform.ts), ready at http://localhost:8080.
import { adminAccountFromEnv, managerAccountFromEnv } from '@cine/identity-service';
import { BUILD_MESSAGE } from '@cine/embedded-mongo';
import { startMetricsServerFromEnv, type MetricsServer } from '@cine/service-kit';
import { platformSettingsFromEnv, startPlatform, type RunningPlatform } from './platform';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const settings = platformSettingsFromEnv();
  say('Iniciando Cine…');
  const platform = await startPlatform(settings, {
    onDatabaseBuildStart: () => say(`${BUILD_MESSAGE} (unos minutos; queda guardada en infra/ferretdb/bin/)`),
  });
  // Loopback only: the metrics of every service of this process, never on the public port. With
  // METRICS_PORT unset and 9464 taken (another platform), a free port: its URL is shown below.
  const metrics = await startMetricsServerFromEnv(
    '127.0.0.1',
    { warn: () => say('  (sin métricas: el puerto de METRICS_PORT está ocupado; elige otro con METRICS_PORT)') },
    { freePortWhenTaken: true },
  );
  stopOnSignals(platform, metrics);

  const admin = adminAccountFromEnv();
  const port = new URL(platform.gatewayUrl).port;
  say('');
  const host = new URL(platform.gatewayUrl).hostname;
  say(`Cine está listo en http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`);
  if (host === '127.0.0.1') say('  Solo desde esta máquina (HOST=0.0.0.0 la abre a la red)');
  say(`  Administrador: ${admin.email} / ${admin.password}`);
  const manager = managerAccountFromEnv();
  say(`  Gerente de Cine Norte (instalación nueva): ${manager.email} / ${manager.password}`);
  say(
    platform.embeddedMongo
      ? `  Base de datos: FerretDB embebido en ${platform.mongoUrl}, datos en ${settings.dataDir}`
      : `  Base de datos: ${platform.mongoUrl}`,
  );
  say(`  Eventos: ${settings.amqpUrl ? 'RabbitMQ' : 'bus en proceso'}`);
  if (metrics) say(`  Métricas (Prometheus): ${metrics.url}`);
  say(`  Arranque en ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Ctrl+C para detener.`);
}

function stopOnSignals(platform: RunningPlatform, metrics: MetricsServer | undefined): void {
  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) {
      process.exit(1);
    }
    stopping = true;
    say(`\nDeteniendo Cine (${reason})…`);
    Promise.all([platform.stop(), metrics?.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // `npm start` runs us under `sh -c`; a SIGTERM sent to npm alone kills the
  // shell without reaching us. Being re-parented means nobody is in charge.
  const parent = process.ppid;
  const watchParent = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watchParent);
    stop('terminó el proceso que lo inició');
  }, 1000).unref();
}

main().catch((error: unknown) => {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`No se pudo iniciar Cine: ${detail}\n`);
  process.exit(1);
});
