import type { PresaleMeView } from '@cine/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeEventStream, installFakeApi } from '../testing/fake-api';
import { admissionOf, presaleOfShow } from './presale-api';
import { usePresaleStanding } from './use-presale-standing';

const opensAt = '2026-12-01T13:00:00.000Z';

function standing(overrides: Partial<PresaleMeView> = {}): PresaleMeView {
  return {
    presaleId: 'p1',
    state: 'open',
    joined: true,
    placeId: 'pl1',
    joinedAt: '2026-12-01T12:59:00.000Z',
    position: 5,
    ahead: 4,
    seatsLeft: 40,
    admitted: false,
    estimateMinutes: 1,
    seatsMessage: 'Quedan 40 butacas y hay 4 personas delante.',
    expired: false,
    opensAt,
    sessionMinutes: 10,
    maxTicketsPerBuyer: 4,
    showIds: ['s1', 's2'],
    ...overrides,
  };
}

describe('usePresaleStanding', () => {
  it('reads the standing, follows the stream, and on its turn fetches the admission that holds and checkouts then carry', async () => {
    const stream = fakeEventStream();
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    let me = standing();
    const api = installFakeApi()
      .on('GET', '/api/presales/p1/me', () => ({ status: 200, body: me }))
      .on('GET', '/api/presales/p1/me/stream', { status: 200, stream });
    const { result, unmount } = renderHook(() => usePresaleStanding('p1', 'tok'));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', me: { position: 5, ahead: 4 } }));
    await waitFor(() => expect(stream.open).toBe(1));
    expect(api.requestsTo('GET', '/api/presales/p1/me')[0]?.headers.Authorization).toBe('Bearer tok');

    const moved = standing({ ahead: 1, seatsMessage: 'Quedan 40 butacas y hay 1 persona delante.' });
    act(() => stream.send('standing', moved));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', live: true, me: { ahead: 1 } }));
    expect(admissionOf('s1')).toEqual({});

    me = standing({ admitted: true, ahead: 0, position: 5, admission: 'adm.signed', admissionExpiresAt: expiresAt });
    act(() => stream.send('standing', { ...standing({ admitted: true, ahead: 0, estimateMinutes: 0, seatsMessage: null }) }));
    await waitFor(() => expect(result.current.state).toMatchObject({ me: { admitted: true, admission: 'adm.signed' } }));
    expect(api.requestsTo('GET', '/api/presales/p1/me')).toHaveLength(2);
    expect(admissionOf('s2')).toEqual({ admission: 'adm.signed' });
    expect(admissionOf('other-show')).toEqual({});

    // The session is over: the admission is forgotten and the stream closed.
    act(() => stream.send('standing', standing({ admitted: false, expired: true })));
    await waitFor(() => expect(result.current.state).toMatchObject({ me: { expired: true } }));
    expect(admissionOf('s1')).toEqual({});
    await waitFor(() => expect(stream.open).toBe(0));
    unmount();
  });

  it('asks again for an admission the stream says is due but GET /me does not carry yet', async () => {
    const stream = fakeEventStream();
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const answers = [
      standing(),
      standing({ admitted: true, ahead: 0 }),
      standing({ admitted: true, ahead: 0, admission: 'adm.late', admissionExpiresAt: expiresAt }),
    ];
    const api = installFakeApi()
      .on('GET', '/api/presales/p1/me', () => ({ status: 200, body: answers.length > 1 ? answers.shift() : answers[0] }))
      .on('GET', '/api/presales/p1/me/stream', { status: 200, stream });
    const { result } = renderHook(() => usePresaleStanding('p1', 'tok'));
    await waitFor(() => expect(stream.open).toBe(1));
    act(() => stream.send('standing', standing({ admitted: true, ahead: 0 })));
    await waitFor(() => expect(result.current.state).toMatchObject({ me: { admission: 'adm.late' } }), { timeout: 3000 });
    expect(api.requestsTo('GET', '/api/presales/p1/me')).toHaveLength(3);
  });

  it('does not open the stream before the buyer joins; joining takes the place and starts it', async () => {
    const stream = fakeEventStream();
    let me = standing({ joined: false, state: 'scheduled', position: null, ahead: null, seatsMessage: null, estimateMinutes: null });
    const api = installFakeApi()
      .on('GET', '/api/presales/p1/me', () => ({ status: 200, body: me }))
      .on('POST', '/api/presales/p1/join', () => {
        me = { ...me, joined: true };
        return { status: 201, body: { joinedAt: opensAt, position: null } };
      })
      .on('GET', '/api/presales/p1/me/stream', { status: 200, stream });
    const { result } = renderHook(() => usePresaleStanding('p1', 'tok'));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', me: { joined: false } }));
    expect(stream.opened).toBe(0);
    await act(() => result.current.join());
    await waitFor(() => expect(result.current.state).toMatchObject({ me: { joined: true } }));
    await waitFor(() => expect(stream.opened).toBe(1));
    expect(api.onlyRequestTo('POST', '/api/presales/p1/join').headers.Authorization).toBe('Bearer tok');
  });

  it("says the server's refusal of a join in Spanish", async () => {
    installFakeApi()
      .on('GET', '/api/presales/p1/me', { status: 200, body: standing({ joined: false, state: 'sold_out' }) })
      .on('POST', '/api/presales/p1/join', {
        status: 409,
        body: { error: 'La fila está cerrada: se agotaron las butacas de la preventa.' },
      });
    const { result } = renderHook(() => usePresaleStanding('p1', 'tok'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    await act(() => result.current.join());
    expect(result.current.joinError).toBe('La fila está cerrada: se agotaron las butacas de la preventa.');
  });
});

describe('presaleOfShow', () => {
  it('finds the active presale of a show; a closed one gates nothing', () => {
    const base = {
      opensAt,
      seatsLeft: 1,
      waiting: 0,
      admitPerMinute: 1,
      sessionMinutes: 1,
      maxTicketsPerBuyer: 1,
      admittedThrough: 0,
      cinemaId: 'c',
    };
    const presales = [
      { ...base, id: 'old', showIds: ['s1'], state: 'closed' as const },
      { ...base, id: 'p1', showIds: ['s1', 's2'], state: 'scheduled' as const },
    ];
    expect(presaleOfShow(presales, 's2')?.id).toBe('p1');
    expect(presaleOfShow(presales, 's3')).toBeNull();
    expect(presaleOfShow([presales[0]!], 's1')).toBeNull();
  });
});
