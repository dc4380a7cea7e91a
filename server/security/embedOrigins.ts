import { EMBED_ORIGIN_PATTERN } from '../../shared/embedOrigin';
import type { EmbedOriginStore } from '../db/embedOriginStore';

/** How long the origins read from the database serve before they are read again, when no change was heard of. */
export const EMBED_ORIGINS_CACHE_MS = 5_000;

/**
 * The host origins allowed to frame the page and message it (decision 0073): the deployment's floor
 * (RVM_EMBED_ORIGINS) and those admins added in the console, read from the database at most every
 * EMBED_ORIGINS_CACHE_MS, and at once after `forget()` (this instance's own change, or another's heard of by NOTIFY).
 * `current()` is null while they are unknown (the first read failed): the framing headers then allow only the page's
 * own origin, never every site.
 */
export class AllowedEmbedOrigins {
  private known: { origins: readonly string[]; at: number } | null = null;
  private reading: Promise<readonly string[] | null> | null = null;
  private generation = 0;

  constructor(
    readonly floor: readonly string[],
    private readonly store: EmbedOriginStore,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
    private readonly cacheMs = EMBED_ORIGINS_CACHE_MS,
  ) {}

  current(): Promise<readonly string[] | null> {
    if (this.known && this.now() - this.known.at < this.cacheMs) return Promise.resolve(this.known.origins);
    this.reading ??= this.read(this.generation);
    return this.reading;
  }

  /** The next call reads the database again. */
  forget(): void {
    this.generation += 1;
    this.known = null;
    this.reading = null;
  }

  private async read(generation: number): Promise<readonly string[] | null> {
    try {
      const added = (await this.store.list()).map(({ origin }) => origin);
      // The migration's CHECK is looser than the pattern: a row written by hand that is no origin is left out.
      const origins = [...new Set([...this.floor, ...added.filter((origin) => EMBED_ORIGIN_PATTERN.test(origin))])];
      if (generation === this.generation) this.known = { origins, at: this.now() };
      return origins;
    } catch (error) {
      this.onError(error);
      // The last origins known stand until the database answers again.
      return this.known?.origins ?? null;
    } finally {
      if (generation === this.generation) this.reading = null;
    }
  }
}
