// What bench/faults.ts starts and breaks: a PostgreSQL cluster and a Redis of its own (never the
// machine's shared ones), and production instances of the service on them.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_SCRIPT, serverEnv } from "@/scripts/server-process";

function pgBin(): string {
  const found = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  const versions = readdirSync("/usr/lib/postgresql").sort();
  if (!versions.length) throw new Error("PostgreSQL's server programs are not installed (apt-get install postgresql)");
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

/** A throwaway PostgreSQL cluster on `port`; as root its programs run as the postgres user, as initdb demands. */
export class PostgresCluster {
  readonly dir = mkdtempSync(join(tmpdir(), "pd-faults-pg-"));
  readonly url: string;
  private readonly bin = pgBin();

  constructor(readonly port: number) {
    this.url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    if (process.getuid?.() === 0)
      chownSync(
        this.dir,
        Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()),
        Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim()),
      );
    this.run("initdb", ["-D", this.data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  }

  private get data() {
    return join(this.dir, "data");
  }

  private run(program: string, args: string[]) {
    const [cmd, argv] =
      process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", join(this.bin, program), ...args]] : [join(this.bin, program), args];
    const r = spawnSync(cmd, argv as string[], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${program} ${args.join(" ")}: ${r.stderr || r.stdout}`);
  }

  private ctl(action: string) {
    this.run("pg_ctl", [
      "-D",
      this.data,
      "-l",
      join(this.dir, "log"),
      "-w",
      "-m",
      "fast",
      "-o",
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      action,
    ]);
  }

  start = () => this.ctl("start");
  stop = () => this.ctl("stop");
  restart = () => this.ctl("restart");

  remove() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Redis of the bench's own on `port`, without persistence. */
export class RedisServer {
  private child: ChildProcess | null = null;
  readonly url: string;

  constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  async start() {
    this.child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let i = 0; i < 50; i++) {
      if (spawnSync("redis-cli", ["-p", String(this.port), "ping"], { encoding: "utf8" }).stdout.trim() === "PONG") return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  flush() {
    spawnSync("redis-cli", ["-p", String(this.port), "flushall"]);
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

/** One production instance (npm start's server process) on `port`, in its own process group. */
export function startInstance(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [SERVER_SCRIPT, "start"], {
    env: serverEnv({ NODE_ENV: "production", PORT: String(port), LISTEN_ADDRESSES: "127.0.0.1", ...env }),
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
}

/** Stops an instance and whatever it started. */
export function stopInstance(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}
