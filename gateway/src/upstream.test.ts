import { withoutHopByHopHeaders } from './upstream';

describe('withoutHopByHopHeaders', () => {
  it('drops the headers of one connection (RFC 9110 §7.6.1), Expect, Proxy-* and those the Connection header names, and keeps the rest', () => {
    const headers = {
      connection: 'close, X-Secret , x-trace',
      'keep-alive': 'timeout=5',
      te: 'trailers',
      trailer: 'x-checksum',
      'transfer-encoding': 'chunked',
      upgrade: 'websocket',
      expect: '100-continue',
      'proxy-authorization': 'Basic eDp5',
      'proxy-connection': 'keep-alive',
      'x-secret': '1',
      'x-trace': '2',
      authorization: 'Bearer token',
      'content-type': 'application/json',
      'content-length': '2',
    };
    expect(withoutHopByHopHeaders(headers)).toEqual({
      authorization: 'Bearer token',
      'content-type': 'application/json',
      'content-length': '2',
    });
  });
});
