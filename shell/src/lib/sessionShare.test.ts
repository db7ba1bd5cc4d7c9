/**
 * @jest-environment node
 */
// Two tabs of one browser: two copies of the module, each with its own channel (Node's BroadcastChannel
// delivers between instances of one name, as a browser does between tabs of one origin).
type SessionShare = typeof import('./sessionShare');

function openTab(): SessionShare {
  let tab: SessionShare | undefined;
  jest.isolateModules(() => {
    tab = jest.requireActual<SessionShare>('./sessionShare');
  });
  return tab as SessionShare;
}

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

// Each tab's module keeps its channel open for the page's life; an open channel keeps Node's event loop (and jest) alive.
const channels: BroadcastChannel[] = [];
const NativeChannel = globalThis.BroadcastChannel;
globalThis.BroadcastChannel = class extends NativeChannel {
  constructor(name: string) {
    super(name);
    channels.push(this);
  }
};
afterAll(() => {
  channels.forEach((channel) => channel.close());
  globalThis.BroadcastChannel = NativeChannel;
});

test('a new tab gets the session of an open tab that has one', async () => {
  const open = openTab();
  stops.push(open.shareSessionWithTabs(() => ({ token: 'token-ana', userId: 'u-ana' }), jest.fn()));
  const fresh = openTab();

  expect(fresh.canShareSession()).toBe(true);
  expect(await fresh.askOpenTabs(2_000)).toEqual({ token: 'token-ana', userId: 'u-ana' });
});

test('with no open tab holding a session, a new tab is a guest once the wait is over', async () => {
  const open = openTab();
  stops.push(open.shareSessionWithTabs(() => null, jest.fn()));

  expect(await openTab().askOpenTabs(100)).toBeNull();
});

test('a sign-out in one tab reaches the others', async () => {
  const other = openTab();
  const signedOut = new Promise<void>((resolve) => stops.push(other.shareSessionWithTabs(() => null, resolve)));

  openTab().announceSignOut();

  await expect(signedOut).resolves.toBeUndefined();
});
