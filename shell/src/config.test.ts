import { pageScriptsOf, readRemoteEntries } from './config';

test('uses the gateway config and falls back to /remotes/<name>/remoteEntry.js', () => {
  expect(readRemoteEntries({ remotes: { catalog: 'https://cdn.example/catalog/remoteEntry.js', admin: '' } })).toEqual({
    catalog: 'https://cdn.example/catalog/remoteEntry.js',
    checkout: '/remotes/checkout/remoteEntry.js',
    admin: '/remotes/admin/remoteEntry.js',
  });
  expect(readRemoteEntries(undefined).catalog).toBe('/remotes/catalog/remoteEntry.js');
});

test("lists a remote page's scripts from the gateway config, and none for a page or remote it does not know", () => {
  const config = {
    pageScripts: {
      catalog: { HomePage: ['/remotes/catalog/644.b8ae7742.js', '/remotes/catalog/__federation_expose_HomePage.6d5c6d12.js'] },
    },
  };
  expect(pageScriptsOf(config, 'catalog', 'HomePage')).toEqual([
    '/remotes/catalog/644.b8ae7742.js',
    '/remotes/catalog/__federation_expose_HomePage.6d5c6d12.js',
  ]);
  expect(pageScriptsOf(config, 'catalog', 'MovieDetailPage')).toEqual([]);
  expect(pageScriptsOf(config, 'checkout', 'HomePage')).toEqual([]);
  expect(pageScriptsOf(undefined, 'catalog', 'HomePage')).toEqual([]);
});
