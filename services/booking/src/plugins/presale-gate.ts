import { resolveSecret } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { AdmissionSigner, ADMISSION_SECRET_ENV, ADMISSION_SECRET_FILE } from '../presales/admission';
import { PresaleGate } from '../presales/presale-gate';
import { showModel } from '../shows/show-model';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 40: the presale check of holds and checkouts, the admissions it issues, and the release of a lapsed session's seats. */
    presaleGate: PresaleGate;
  }
}

export interface PresaleGatePluginOptions {
  db: Connection;
  /** Where PRESALE_ADMISSION_SECRET is kept when the environment has none (DATA_DIR). */
  dataDir: string;
}

/**
 * The presale gate, over the presales plugin's lines and the shows plugin's seat inventory: it fills in
 * GET /presales/{id}/me's admission and frees the holds of a place the line ticker expired.
 */
export const presaleGatePlugin = fp<PresaleGatePluginOptions>(
  async (app, { db, dataDir }) => {
    const signer = new AdmissionSigner(resolveSecret(ADMISSION_SECRET_ENV, dataDir, ADMISSION_SECRET_FILE));
    const gate = new PresaleGate(app.presales.store, await showModel(db), signer, app.seatHolds);
    app.presales.admissionFor = async (place, presale) => gate.admissionFor(place, presale, app.clock());
    app.presales.ticker.onExpired(async (place, presale) => {
      await gate.releaseExpired(place, presale, app.clock());
    });
    app.decorate('presaleGate', gate);
  },
  { name: 'presale-gate', dependencies: ['shows', 'presales'] },
);
