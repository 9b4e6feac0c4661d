// The broadcast's reference: a bare `ws` server, no framework, no sessions, sending one text frame to every open
// socket the way ws's README broadcasts (wss.clients, readyState OPEN, send). `POST /broadcast` with the frame's
// text as its body sends it and answers 204. Run as its own process, as the gateway is. Prints {"port":N} when
// listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const wss = new WebSocketServer({ noServer: true });
const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const frame = Buffer.concat(chunks);
    response.writeHead(204).end();
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(frame, { binary: false });
  });
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
});
