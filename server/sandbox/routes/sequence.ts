// SequenceController (/sequence/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../store.js';
import { sendJackson } from '../wire.js';
import { SEQUENCE_START } from '../financial-writes.js';

export async function sequenceRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  // --- bill numbers ---------------------------------------------------------------------------------------------
  // One global counter shared by every tenant and every kind of bill; each call uses a number up.
  app.get('/sequence/buildNumber', async (_request, reply) => {
    const sequence = (state.tables.sequence ??= [{ seqName: 'depot_number_seq', currentVal: SEQUENCE_START }])[0]!;
    sequence.currentVal = Number(sequence.currentVal) + 1;
    return sendJackson(reply, { code: 200, data: { defaultNumber: String(sequence.currentVal).padStart(11, '0') } });
  });
}
