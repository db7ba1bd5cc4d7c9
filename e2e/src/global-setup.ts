import { startPlatform, type RunningPlatform } from './platform';

declare global {
  var cinePlatform: RunningPlatform | undefined;
}

export default async function globalSetup(): Promise<void> {
  const platform = await startPlatform();
  globalThis.cinePlatform = platform;
  process.env.E2E_BASE_URL = platform.baseUrl;
  process.env.E2E_OUTBOX_DIR = platform.outboxDir;
}
