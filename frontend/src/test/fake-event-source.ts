/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open, emit and drop streams
 * by URL and see which streams are still open.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.dispatch('open', new Event('open'));
  }

  emit(type: string, data: unknown): void {
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  drop(): void {
    this.dispatch('error', new Event('error'));
  }

  private dispatch(type: string, event: Event): void {
    if (this.closed) return;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static install(): void {
    FakeEventSource.instances = [];
    Object.defineProperty(window, 'EventSource', { writable: true, configurable: true, value: FakeEventSource });
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}
