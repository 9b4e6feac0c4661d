// The shell's built files: hashed /assets/* cached for a year and served precompressed (.br/.gz
// siblings written at build time by scripts/compress-assets.mjs), chosen by Accept-Encoding.
// Also decorates reply.sendFile for the few unhashed root files (favicon, images) shell-page serves.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface StaticAssetsOptions {
  clientDistDir: string;
}

const oneYearSeconds = 365 * 24 * 60 * 60;

function varyOnEncoding(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('vary', 'Accept-Encoding');
}

async function staticAssets(app: FastifyInstance, options: StaticAssetsOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(options.clientDistDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    cacheControl: true,
    maxAge: oneYearSeconds * 1000,
    immutable: true,
    index: false,
    dotfiles: 'ignore',
    decorateReply: false,
    setHeaders: varyOnEncoding,
  });
  await app.register(fastifyStatic, {
    root: options.clientDistDir,
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'ignore',
    setHeaders: varyOnEncoding,
  });
}

export default fp(staticAssets, { name: 'static-assets', fastify: '5.x' });
