import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServiceApp } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { buildNotificationApp, type MailSettings, type NewsletterSettings } from '../src';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface NotificationUnderTest {
  app: ServiceApp;
  context: TestContext;
  outboxDir: string;
  close(): Promise<void>;
}

/** The notification service on a fresh database, writing mail into a temporary outbox folder. */
export async function startNotification(
  options: { context?: TestContext; mail?: Partial<MailSettings>; newsletter?: Partial<NewsletterSettings> } = {},
): Promise<NotificationUnderTest> {
  const context = options.context ?? (await createTestContext('notification'));
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'cine-outbox-'));
  const app = await buildNotificationApp({
    ...context,
    mail: { smtpUrl: undefined, outboxDir, ...options.mail },
    ...(options.newsletter ? { newsletter: options.newsletter } : {}),
  });
  return {
    app,
    context,
    outboxDir,
    close: async () => {
      await app.close();
      await context.dropDatabase();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}
