import { randomUUID } from 'node:crypto';
import { CLUB_MESSAGES, type ClubMe } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

/**
 * Issue 41's Cine Club: a signed-in buyer joins and sees their points, tier and ledger; an admin (chain-wide:
 * managers no) lists the members and adjusts a member's points, audited. The pass's routes are the pass plugin's.
 */
export default async function clubRoutes(app: ServiceApp): Promise<void> {
  /** GET /club/me with the member's pass, when the pass plugin is there. */
  async function meOf(userId: string): Promise<ClubMe> {
    const now = app.clock();
    const me = await app.club.me(userId, now);
    const pass = me.member ? await app.clubPasses.summaryFor(userId, now) : undefined;
    return pass ? { ...me, pass } : me;
  }

  app.post('/join', { schema: schemas.join, onRequest: app.authenticate }, async (request, reply) => {
    if ((await app.club.join(request.user.sub, app.clock())) === 'already') throw app.httpErrors.conflict(CLUB_MESSAGES.alreadyMember);
    return reply.status(201).send(await meOf(request.user.sub));
  });

  app.get('/me', { schema: schemas.me, onRequest: app.authenticate }, async (request) => meOf(request.user.sub));

  app.get('/me/ledger', { schema: schemas.myLedger, onRequest: app.authenticate }, async (request) =>
    app.club.ledgerPage(request.user.sub, request.query.page, request.query.pageSize),
  );

  app.get('/members', { schema: schemas.members, onRequest: app.requireAdmin }, async (request) => {
    const { q, page, pageSize } = request.query;
    return app.club.search(q, page, pageSize, app.clock());
  });

  app.post('/members/:userId/adjust', { schema: schemas.adjust, onRequest: app.requireAdmin }, async (request, reply) => {
    const { points, reason } = request.body;
    const requestId = request.headers['idempotency-key'] ?? randomUUID();
    const adjusted = await valueOr(app, app.club.adjust(request.params.userId, points, reason, request.user.sub, requestId, app.clock()));
    return reply.status(201).send(adjusted);
  });
}
