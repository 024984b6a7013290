// Finds an nginx for the cluster test (it runs its own unprivileged instance): NGINX_PATH, then the
// places Debian's nginx-light and other installs put it. One lookup for `npm test`'s provisioning and
// the cluster test itself, so they never disagree about whether nginx is there.
import { existsSync } from 'node:fs';

export const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx', '/usr/local/bin/nginx'];

/** The nginx binary to run (NGINX_PATH first), or `undefined` when there is none. */
export function locateNginx(env = process.env) {
  return [env.NGINX_PATH, ...NGINX_CANDIDATES].find((candidate) => candidate && existsSync(candidate));
}
