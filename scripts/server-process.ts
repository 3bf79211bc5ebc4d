// How the service's server process is started: by npm start (scripts/serve.ts) and by the load
// bench, so the bench measures the process production runs.
export const SERVER_SCRIPT = "scripts/next-server.mjs";

/**
 * Settings read at process start, which the process cannot give itself; the environment may
 * override them. Image uploads decode and encode on libvips threads; two malloc arenas keep 20
 * parallel uploads under 300 MB where glibc's per-thread arenas reach 350 (bench/image-upload.ts).
 */
const START_DEFAULTS = { MALLOC_ARENA_MAX: "2" };

/** The server's environment: the start defaults, then this process's environment, then `env`. */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...START_DEFAULTS, ...process.env, ...env };
}
