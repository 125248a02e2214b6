import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { EMAIL_DOMAIN } from './demo.ts';

/**
 * A demo-house server of a spec's own, for tests that stop and start the server (the shared
 * one of playwright.config.ts must keep running for the other specs).
 */
export class OwnServer {
  private process: ChildProcess | null = null;
  readonly url: string;
  readonly dataDir: string;

  /**
   * `hostname`: where the browser reaches it (and its PUBLIC_URL): passkeys need a name, an IP
   * address cannot be their relying party; the server itself listens on 127.0.0.1 either way.
   * `env`: settings of its own (SMTP_URL…).
   */
  constructor(
    readonly port: number,
    private readonly options: { hostname?: 'localhost'; env?: Record<string, string> } = {},
  ) {
    this.url = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
    this.dataDir = path.join(os.tmpdir(), `rustico-e2e-own-${port}`);
  }

  /** Starts it: on a fresh demo house the first time, on the same data after a stop. */
  async start(fresh: boolean): Promise<void> {
    const child = spawn('sh', ['e2e/support/start-server.sh'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        EMAIL_DOMAIN,
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_MEMORY_KIB: '8',
        PASSWORD_HASH_ITERATIONS: '1',
        KEEP_DATA: fresh ? '0' : '1',
        BUILT: '1',
        ...this.options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.process = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server stopped with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the server did not answer within 60 s');
  }

  /** Stops it as a restart would (SIGTERM) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.process = null;
  }
}
