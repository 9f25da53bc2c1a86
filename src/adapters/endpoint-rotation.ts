/**
 * A chain's endpoints (several URLs of one chain, from CHAIN_RPC_URLS or TRON_RPC_URLS), tried in turn. A call starts
 * at the active endpoint and goes on to the next one when it fails; the next one then stays active for the calls that
 * follow, so an outage costs one failed attempt, not one per call. The first endpoint is preferred (the operator
 * lists the one they pay for first): once `returnAfterMs` have passed since the failover, a probe asks it again, and a
 * probe that answers makes it active again. No real call waits on an endpoint that is still down.
 */
export interface RotationOptions {
  returnAfterMs?: number;
  now?: () => number;
  /** Told when another endpoint becomes active (indexes into `urls`). */
  onSwitch?: (from: number, to: number) => void;
}

export class EndpointRotation {
  private active = 0;
  private failedOverAt = 0;
  private probing = false;
  private readonly returnAfterMs: number;
  private readonly now: () => number;

  constructor(
    readonly urls: readonly string[],
    /** Answers true when the endpoint at this URL works (a cheap call like eth_blockNumber). */
    private readonly probe: (url: string) => Promise<boolean>,
    private readonly options: RotationOptions = {},
  ) {
    if (urls.length === 0) throw new Error('an endpoint rotation needs at least one URL');
    this.returnAfterMs = options.returnAfterMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The indexes of the endpoints in the order a call tries them now: the active one first, then the others in turn. */
  order(): number[] {
    this.maybeProbeFirst();
    return this.urls.map((_, k) => (this.active + k) % this.urls.length);
  }

  /** The endpoint at `index` failed a call: the next one becomes active, unless another call has moved on already. */
  failed(index: number): void {
    if (index !== this.active || this.urls.length === 1) return;
    this.switchTo((index + 1) % this.urls.length);
    this.failedOverAt = this.now();
  }

  private switchTo(index: number): void {
    const from = this.active;
    this.active = index;
    this.options.onSwitch?.(from, index);
  }

  private maybeProbeFirst(): void {
    if (this.active === 0 || this.probing || this.now() - this.failedOverAt < this.returnAfterMs) return;
    this.probing = true;
    void this.probe(this.urls[0]!)
      .catch(() => false)
      .then((ok) => {
        if (ok) this.switchTo(0);
        // A failed probe waits another period before the next one.
        else this.failedOverAt = this.now();
        this.probing = false;
      });
  }
}
