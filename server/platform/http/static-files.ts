import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Headers for the static PWA: hashed assets forever, everything else revalidated. */
function staticCacheHeaders(reply: { header(name: string, value: string): unknown }, file: string): void {
  const hashed = file.includes(`${path.sep}assets${path.sep}`);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The built PWA and console, when `staticDir` holds a build. */
export async function serveTheBuild(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // Serves the .br/.gz files the build wrote beside each text file.
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticCacheHeaders,
    });
    // The console's relative asset paths need the trailing slash.
    app.get('/console', (_request, reply) => reply.redirect('/console/', 301));
  }
}
