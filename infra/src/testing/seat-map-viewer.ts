import type { SeatMapDelta, SeatMapView, TakenSeatState } from '@cine/contracts';
import { EventStreamClient } from '@cine/service-kit/testing';

/**
 * A buyer's live seat map as the checkout page keeps it: the stream's snapshot, then each delta
 * applied in order; a stream that ends (its gateway or booking instance killed) or skips a version
 * is opened again from a new snapshot, as the browser's EventSource and the page do.
 */
export class SeatMapViewer {
  private taken = new Map<string, TakenSeatState>();
  private version = -1;
  private closed = false;
  /** Times the stream was opened again after it ended or skipped a version. */
  reopened = 0;

  private constructor(
    private readonly url: string,
    private readonly address: string,
  ) {}

  static async open(base: string, showId: string, address: string): Promise<SeatMapViewer> {
    const viewer = new SeatMapViewer(`${base}/api/show/${showId}/seats/stream`, address);
    void viewer.follow();
    return viewer;
  }

  /** Labels the viewer shows as sold now. */
  sold(): string[] {
    return [...this.taken].filter(([, state]) => state === 'sold').map(([label]) => label);
  }

  close(): void {
    this.closed = true;
    this.stream?.close();
  }

  private stream: EventStreamClient | undefined;

  private async follow(): Promise<void> {
    while (!this.closed) {
      try {
        this.stream = await EventStreamClient.open(this.url, { 'x-forwarded-for': this.address });
        if (this.stream.status !== 200) throw new Error(`seat stream answered ${this.stream.status}`);
        for (;;) {
          const event = await this.stream.next(60_000);
          if (event.event === 'snapshot') {
            const view = JSON.parse(event.data) as SeatMapView;
            this.taken = new Map(Object.entries(view.taken));
            this.version = view.version;
          } else if (event.event === 'seats') {
            const delta = JSON.parse(event.data) as SeatMapDelta;
            if (delta.from !== this.version) throw new Error('a version was skipped');
            for (const [label, state] of Object.entries(delta.seats)) {
              if (state === 'free') this.taken.delete(label);
              else this.taken.set(label, state);
            }
            this.version = delta.version;
          }
        }
      } catch {
        this.stream?.close();
        if (this.closed) return;
        this.reopened += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}
