import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection driven by hand, as a browser or an app's HTTP client drives it: a request's
 * whole body is written (whatever the server answers meanwhile), then the next request follows on the same socket.
 */
export class RawConnection {
  private readonly socket: net.Socket;
  private buffered = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  closed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.wake?.();
    });
    const end = () => {
      this.closed = true;
      this.wake?.();
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  /** Writes the request head and its body; the body's write may never finish when nobody reads it. */
  send(head: string, body: Buffer = Buffer.alloc(0)): void {
    if (this.closed) return;
    this.socket.write(head);
    if (body.length > 0) this.socket.write(body);
  }

  /** The next answer on the connection, or null when the connection closes (or `ms` pass) before it is whole. */
  async answer(ms = 15_000): Promise<RawAnswer | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
      this.wake = null;
    }
  }

  private parse(): RawAnswer | null {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const lines = this.buffered.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(lines[0]?.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffered.length < end + 4 + length) return null;
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status, headers, body };
  }

  close(): void {
    this.socket.destroy();
  }
}
