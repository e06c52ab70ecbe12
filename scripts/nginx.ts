import { join } from "node:path";

/**
 * nginx's main configuration for a throw-away instance whose every file is in `dir` (its pid,
 * logs and temporary files), in the foreground: what Debian's /etc/nginx/nginx.conf gives a site,
 * for the journey through the shipped site file (e2e/nginx.spec.ts) and the bench's yardstick
 * (bench/front.ts). `http` is the rest of the `http` block: its sites and logs.
 */
export function nginxMainConfig(dir: string, options: { workers: string; http: string }): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? "user root;\n" : ""}worker_processes ${options.workers};
daemon off;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${join(dir, "temp/body")};
  proxy_temp_path ${join(dir, "temp/proxy")};
  fastcgi_temp_path ${join(dir, "temp/fastcgi")};
  uwsgi_temp_path ${join(dir, "temp/uwsgi")};
  scgi_temp_path ${join(dir, "temp/scgi")};
  ${options.http}
}
`;
}
