import { readRemoteEntries } from './config';

test('uses the gateway config and falls back to /remotes/<name>/remoteEntry.js', () => {
  expect(readRemoteEntries({ remotes: { catalog: 'https://cdn.example/catalog/remoteEntry.js', admin: '' } })).toEqual({
    catalog: 'https://cdn.example/catalog/remoteEntry.js',
    checkout: '/remotes/checkout/remoteEntry.js',
    admin: '/remotes/admin/remoteEntry.js',
  });
  expect(readRemoteEntries(undefined).catalog).toBe('/remotes/catalog/remoteEntry.js');
});
