export type OutageWriter = (line: string) => void;

const toStderr: OutageWriter = (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

function describe(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message;
  return String(error);
}

/**
 * Logs a dependency's outage once when it starts and once when it ends, however many errors (one per request,
 * one per reconnection attempt) arrive in between.
 */
export class OutageLog {
  private down = false;

  constructor(
    private readonly name: string,
    private readonly write: OutageWriter = toStderr,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.write(`${this.name} unavailable: ${describe(error)}`);
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.write(`${this.name} available again`);
  }
}
