import { ByteQueue } from './byte-queue.js';
import { MalformedRequestError } from './errors.js';

/** Largest request the adb server reads (MAX_PAYLOAD of adb's smart socket). */
const MAX_REQUEST = 1024 * 1024;

/** A request or a reply value: 4 hex digits of byte length, then the bytes. */
export function encodeRequest(payload: string | Buffer): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'ascii'), body]);
}

export function okay(value?: string): Buffer {
  return value === undefined ? Buffer.from('OKAY') : Buffer.concat([Buffer.from('OKAY'), encodeRequest(value)]);
}

export function fail(message: string): Buffer {
  return Buffer.concat([Buffer.from('FAIL'), encodeRequest(message)]);
}

/** Splits the bytes a client sends to the adb server port into length-prefixed requests. */
export class RequestReader {
  private readonly queue = new ByteQueue();

  push(chunk: Buffer): void {
    this.queue.push(chunk);
  }

  /** The next whole request, or undefined until more bytes arrive. Throws MalformedRequestError. */
  next(): string | undefined {
    if (this.queue.length < 4) return undefined;
    const digits = this.queue.peek(4).toString('latin1');
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw new MalformedRequestError(`length "${printable(digits)}" is not 4 hex digits`);
    const length = parseInt(digits, 16);
    if (length > MAX_REQUEST) throw new MalformedRequestError(`length ${length} is too long`);
    if (this.queue.length < 4 + length) return undefined;
    this.queue.take(4);
    return this.queue.take(length).toString('utf8');
  }

  /** Bytes after the last request (the start of a service's stream). */
  rest(): Buffer {
    return this.queue.drain();
  }
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
