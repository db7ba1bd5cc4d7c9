import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Texts shorter than this (characters) are sent as they are (the gateway compresses what it sends on: its own threshold). */
const PRECOMPRESS_FROM_BYTES = 16 * 1024;

const compressors: Record<Encoding, (text: string) => Promise<Buffer>> = {
  // Made once per text and shared by every request that gets it: a better quality than the gateway's per-request 3 pays off.
  br: (text) => promisify(zlib.brotliCompress)(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (text) => promisify(zlib.gzip)(text, { level: 6 }),
};

/**
 * A JSON answer that many requests share (a listing remade at most every so
 * often), with its compressed forms made once, on first demand, off the event
 * loop. Sent already compressed, a large shared answer costs one compression
 * instead of one per request at the gateway, which passes an encoded answer on
 * as it is.
 */
export class SharedJson {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly text: string) {}

  /** The text in `encoding`, compressed on the first call. */
  encodedAs(encoding: Encoding): Promise<Buffer> {
    let encoded = this.encoded.get(encoding);
    if (!encoded) this.encoded.set(encoding, (encoded = compressors[encoding](this.text)));
    return encoded;
  }

  /** Sends the text, compressed when it is large and the client accepts br or gzip. */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = this.text.length >= PRECOMPRESS_FROM_BYTES && accepted ? negotiate(accepted, ENCODINGS) : null;
    if (!encoding) return reply.send(this.text);
    return reply.header('content-encoding', encoding).send(await this.encodedAs(encoding));
  }
}
