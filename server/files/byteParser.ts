/**
 * A format's parser as a generator that reads a stream it never holds whole: it yields how many bytes it needs next
 * and is handed them, all of them, or fewer only where the file ended. It returns what it was handed but did not read
 * (the bytes after the image), or throws a StructureError saying what is wrong.
 */
export type ByteParser = Generator<number, Buffer, Buffer>;

export class StructureError extends Error {
  override name = 'StructureError';
}

/** At most this much is asked for at once: a large chunk is read in pieces, never held whole. */
export const PIECE_BYTES = 64 * 1024;

const EMPTY = Buffer.alloc(0);

/** What a parser reads with: whole counts, pieces of a long run, and what is left over from its last read. */
export class ParserInput {
  private rest: Buffer = EMPTY;

  /** Exactly `n` bytes, or a StructureError when the file ends first. */
  *take(n: number): Generator<number, Buffer, Buffer> {
    while (this.rest.length < n) {
      const more = yield n - this.rest.length;
      if (more.length === 0) throw new StructureError('the file ends inside the image');
      this.rest = this.rest.length === 0 ? more : Buffer.concat([this.rest, more]);
    }
    const out = this.rest.subarray(0, n);
    this.rest = this.rest.subarray(n);
    return out;
  }

  /** `n` bytes handed to `each` a piece at a time. */
  *skip(n: number, each: (piece: Buffer) => void = () => undefined): Generator<number, void, Buffer> {
    for (let left = n; left > 0;) {
      const piece = yield* this.take(Math.min(left, PIECE_BYTES));
      each(piece);
      left -= piece.length;
    }
  }

  /** Whatever comes next, at least one byte and at most `max`; empty where the file ended. */
  *some(max: number): Generator<number, Buffer, Buffer> {
    if (this.rest.length > 0) {
      const out = this.rest.subarray(0, max);
      this.rest = this.rest.subarray(out.length);
      return out;
    }
    return yield max;
  }

  /** Puts bytes back, to be read again before anything else. */
  unread(bytes: Buffer): void {
    this.rest = this.rest.length === 0 ? bytes : Buffer.concat([bytes, this.rest]);
  }

  /** What was read from the stream but not by the parser: for the parser to return when the image ends. */
  leftover(): Buffer {
    return this.rest;
  }
}

/**
 * Feeds a stream's chunks to a parser as it asks for them, keeping only what it has asked for and not yet been given.
 * `end` says whether the file is that image and nothing else but zero padding, or why not.
 */
export class ParserFeed {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private need = 0;
  private finished = false;
  private problem: string | null = null;

  constructor(
    private readonly parser: ByteParser,
    /** Whether bytes that follow the image may stay (a phone's JPEG may carry a video after its end). */
    private readonly trailerAllowed: boolean,
  ) {
    this.step(undefined);
  }

  push(chunk: Uint8Array): void {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.finished) return this.after(bytes);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    while (!this.finished && this.pendingBytes >= this.need) this.step(this.takePending(this.need));
  }

  /** Null when the whole file was the image, or what is wrong with it. */
  end(): string | null {
    // Each step at the end either finishes or throws: a parser handed too little, or nothing, does not ask again.
    for (let steps = 0; !this.finished && steps < 3; steps++) this.step(this.takePending(this.pendingBytes));
    if (!this.finished) return 'the file ends inside the image';
    return this.problem;
  }

  private step(input: Buffer | undefined): void {
    try {
      const next = input === undefined ? this.parser.next() : this.parser.next(input);
      if (next.done) {
        this.finished = true;
        const left = this.takePending(this.pendingBytes);
        this.after(next.value);
        this.after(left);
      } else this.need = next.value;
    } catch (error) {
      if (!(error instanceof StructureError)) throw error;
      this.finished = true;
      this.problem = error.message;
    }
  }

  /** Bytes after the image: refused unless they are zero padding or the format allows a trailer. */
  private after(bytes: Buffer): void {
    if (this.problem !== null || this.trailerAllowed) return;
    if (bytes.some((byte) => byte !== 0)) this.problem = 'bytes follow the end of the image';
  }

  private takePending(n: number): Buffer {
    const joined = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const out = joined.subarray(0, n);
    const rest = joined.subarray(n);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return out;
  }
}
