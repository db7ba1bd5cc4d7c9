import { startNotification, type NotificationUnderTest } from './helpers';

let notification: NotificationUnderTest;

beforeAll(async () => {
  notification = await startNotification();
});
afterAll(() => notification.close());

it('documents the newsletter and its confirmation in OpenAPI', async () => {
  const response = await notification.app.inject({ method: 'GET', url: '/openapi.json' });

  expect(response.statusCode).toBe(200);
  const paths = response.json().paths as Record<string, Record<string, unknown>>;
  expect(Object.entries(paths).map(([path, methods]) => [path, Object.keys(methods)])).toEqual([
    ['/mailing/newsletter', ['post']],
    ['/mailing/newsletter/confirm', ['get', 'post']],
  ]);
});
