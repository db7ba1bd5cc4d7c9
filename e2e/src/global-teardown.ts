import { stopPlatform } from './platform';

export default async function globalTeardown(): Promise<void> {
  if (globalThis.cinePlatform) await stopPlatform(globalThis.cinePlatform.process);
}
