import type { Weather } from '@rustico/core';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { fetchObservation, type Observation } from './providers.ts';

/** One provider call per 10 minutes, whatever the number of people looking. */
export const WEATHER_CACHE_MS = 10 * 60 * 1000;

/**
 * The weather at the house, cached. Concurrent requests share one call; when
 * the provider fails, the last good value is served marked stale, and only
 * without one does the caller get an error.
 */
export class WeatherService {
  private last: { observation: Observation; fetchedAt: Date } | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly settings: Config['weather'],
    private readonly now: () => Date,
    private readonly log: (error: unknown) => void,
  ) {}

  async current(): Promise<Weather> {
    const fresh = this.last && this.now().getTime() - this.last.fetchedAt.getTime() < WEATHER_CACHE_MS;
    let failed = false;
    if (!fresh) {
      this.inFlight ??= this.refresh().finally(() => {
        this.inFlight = null;
      });
      failed = !(await this.inFlight.then(
        () => true,
        () => false,
      ));
    }
    if (!this.last) throw new AppError(503, 'WEATHER_UNAVAILABLE', 'The weather service is not answering');
    return { ...this.last.observation, fetchedAt: this.last.fetchedAt.toISOString(), stale: failed };
  }

  private async refresh(): Promise<void> {
    const askedAt = this.now();
    try {
      this.last = { observation: await fetchObservation(this.settings), fetchedAt: askedAt };
    } catch (error) {
      this.log(error);
      throw error;
    }
  }
}
