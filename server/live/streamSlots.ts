/** Why a stream was refused: the server's cap on streams, or the cap for one address. */
export type StreamRefusal = 'server' | 'address';

/** Counts open event streams, in all and per client address, against their caps. */
export class StreamSlots {
  private total = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerAddress: number,
  ) {}

  /** Takes a slot for `address`, or says why there is none. */
  take(address: string): StreamRefusal | null {
    const refusal = this.wouldRefuse(address);
    if (refusal) return refusal;
    this.total += 1;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    return null;
  }

  /** Why `take` would refuse `address` now, taking nothing. */
  wouldRefuse(address: string): StreamRefusal | null {
    if (this.total >= this.maxTotal) return 'server';
    if ((this.byAddress.get(address) ?? 0) >= this.maxPerAddress) return 'address';
    return null;
  }

  release(address: string): void {
    const open = this.byAddress.get(address) ?? 0;
    if (open === 0) return;
    this.total -= 1;
    if (open === 1) this.byAddress.delete(address);
    else this.byAddress.set(address, open - 1);
  }
}
