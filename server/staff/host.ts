import type { FastifyInstance } from 'fastify';
import { CONSOLE_API_PREFIX } from '../../contract/console';
import { ResultCode } from '../../contract/envelope';
import { envelope } from '../platform/http/envelope';
import { translate } from '../platform/i18n';

/** What the console's own host serves: its document, the build's shared assets and icons, its calls, proofs. */
const CONSOLE_HOST_PREFIXES = ['/console/', CONSOLE_API_PREFIX, '/assets/', '/icons/', '/uploads/'];
/** What no other host serves: the console's document, its calls and socket, its own chunks. */
const CONSOLE_ONLY_PREFIXES = ['/console/', CONSOLE_API_PREFIX, '/assets/console-'];

const startsWithAny = (path: string, prefixes: readonly string[]) =>
  path === '/console' || prefixes.some((prefix) => path.startsWith(prefix));

/**
 * With CONSOLE_HOST set, the console lives on that host name only, and that host serves nothing
 * of the customer app. Its cookie is then the console host's alone (a host-only cookie), and a
 * script running on the customer app's origin (an injected one, or a compromised dependency)
 * can neither send console calls with it nor read their answers: the two are different origins.
 */
export function keepConsoleOnItsHost(app: FastifyInstance, consoleHost: string): void {
  const host = consoleHost.toLowerCase();
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const onConsoleHost = request.host.toLowerCase() === host;
    if (onConsoleHost && path === '/') {
      void reply.redirect('/console/', 302);
      return;
    }
    const allowed = onConsoleHost
      ? startsWithAny(path, CONSOLE_HOST_PREFIXES)
      : !startsWithAny(path, CONSOLE_ONLY_PREFIXES);
    if (allowed) {
      done();
      return;
    }
    void reply.code(404).send(envelope(ResultCode.notFound, translate('en', 'not_found'), {}));
  });
}
