import { resolveSecret } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { AdmissionSigner, ADMISSION_SECRET_ENV, ADMISSION_SECRET_FILE } from '../presales/admission';
import { PresaleGate } from '../presales/presale-gate';
import { presaleModels } from '../presales/presale-model';
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

/** The presale gate; needs the shows plugin's seat inventory (a lapsed session's holds are released through it). */
export const presaleGatePlugin = fp<PresaleGatePluginOptions>(
  async (app, { db, dataDir }) => {
    const { presales, places } = await presaleModels(db);
    const signer = new AdmissionSigner(resolveSecret(ADMISSION_SECRET_ENV, dataDir, ADMISSION_SECRET_FILE));
    app.decorate('presaleGate', new PresaleGate(presales, places, await showModel(db), signer, app.seatInventory));
  },
  { name: 'presale-gate', dependencies: ['shows'] },
);
