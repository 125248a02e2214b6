/**
 * Work started after a request has been answered (emails): never awaited by the request,
 * logged when it fails, and awaited by tests and at shutdown.
 */
export class BackgroundTasks {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: (error: unknown, context: string) => void) {}

  run(context: string, work: () => Promise<void>): void {
    const task = work().catch((error: unknown) => this.log(error, context));
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
