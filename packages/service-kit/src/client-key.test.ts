import { clientKey, UNKNOWN_CLIENT } from './client-key';

describe('clientKey', () => {
  it.each([
    ['198.51.100.53', '198.51.100.53'],
    ['127.0.0.1', '127.0.0.1'],
    // An IPv4 client seen through a dual-stack socket is the IPv4 address, in either spelling.
    ['::ffff:198.51.100.53', '198.51.100.53'],
    ['::FFFF:c633:6435', '198.51.100.53'],
  ])('keeps an IPv4 address whole: %p → %p', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it.each([
    ['2001:db8:1:1::6', '2001:db8:1:1::/64'],
    ['2001:db8:1:1::7', '2001:db8:1:1::/64'],
    ['2001:DB8:1:1:ffff:ffff:ffff:ffff', '2001:db8:1:1::/64'],
    ['2001:0db8:0001:0001:0000:0000:0000:0009', '2001:db8:1:1::/64'],
    ['2001:db8:1:2::6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
  ])('counts an IPv6 address by its /64, in canonical form: %p → %p', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it.each(['not-an-ip', '', ' 198.51.100.53', '198.51.100.053', '0xc6.51.100.53', '198.51.100', '2001:db8::1::2', 'unknown'])(
    'puts what is not an IP address (%p) under one key',
    (address) => {
      expect(clientKey(address)).toBe(UNKNOWN_CLIENT);
    },
  );
});
