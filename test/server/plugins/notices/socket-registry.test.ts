// A broadcast's websocket frame is built once for every socket: byte for byte the frame ws itself would send, at
// every length class of RFC 6455 (7-bit, 16-bit and 64-bit payload lengths).
import t from 'tap';
import * as ws from 'ws';
import { textFrame } from '../../../../server/plugins/notices/socket-registry.js';

// ws exports its Sender (lib/sender.js) beside WebSocket; its types do not declare it.
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] } };
const wsFrame = (payload: Buffer): Buffer =>
  Buffer.concat(Sender.frame(payload, { fin: true, opcode: 0x01, mask: false, readOnly: true, rsv1: false }));

t.test('textFrame is the frame ws sends for the same text', async (t) => {
  for (const length of [0, 5, 125, 126, 200, 65_535, 65_536, 70_000]) {
    const payload = Buffer.alloc(length, 'a');
    Buffer.from('{"t":"通知"}').copy(payload);
    t.same(textFrame(payload), wsFrame(payload), `${length} bytes`);
  }
});
