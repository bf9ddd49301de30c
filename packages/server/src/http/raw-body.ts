import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * Accept any Content-Type as a raw Buffer body on the routes of `scoped` (uploads send the file
 * itself as the body), refusing with `tooLarge()` as soon as more than `maxBytes` arrive.
 */
export function acceptRawBodies(scoped: FastifyInstance, maxBytes: number, tooLarge: () => ApiError) {
  scoped.addContentTypeParser('*', { bodyLimit: maxBytes + 1024 }, (_req, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        if (!failed) done(tooLarge(), undefined);
        failed = true;
        payload.resume();
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => failed || done(null, Buffer.concat(chunks)));
    payload.on('error', (err) => failed || done(err, undefined));
  });
}
