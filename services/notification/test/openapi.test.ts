import { startNotification, type NotificationUnderTest } from './helpers';

let notification: NotificationUnderTest;

beforeAll(async () => {
  notification = await startNotification();
});
afterAll(() => notification.close());

it('documents POST /mailing/newsletter in OpenAPI', async () => {
  const response = await notification.app.inject({ method: 'GET', url: '/openapi.json' });

  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json().paths)).toEqual(['/mailing/newsletter']);
});
