// The plugins' close listeners as one (server/lib/response-closed.ts): each runs once at the close, a stopped one
// never, and the response carries one listener for them all.
import t from 'tap';
import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { onResponseClosed } from '../../../server/lib/response-closed.js';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

t.test('each runs once when the response closes; a stopped one does not', async (t) => {
  const res = response();
  const ran: string[] = [];
  const twice = () => ran.push('twice');
  onResponseClosed(res, () => ran.push('first'));
  const stop = onResponseClosed(res, () => ran.push('stopped'));
  onResponseClosed(res, twice);
  onResponseClosed(res, twice);
  stop();
  t.equal(res.listenerCount('close'), 1, 'one listener on the response');
  res.emit('close');
  res.emit('close');
  t.same(ran, ['first', 'twice', 'twice'], 'in the order added, the same function twice as added twice');
});

t.test('one added after the close never runs, as a listener would not', async (t) => {
  const res = response();
  const ran: string[] = [];
  onResponseClosed(res, () => ran.push('before'));
  res.emit('close');
  onResponseClosed(res, () => ran.push('after'));
  t.same(ran, ['before']);
});
