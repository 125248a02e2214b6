import { conditionFromOwmIcon, conditionFromWmoCode, type WeatherCondition } from '@rustico/core';
import { z } from 'zod';
import type { Config } from '../config.ts';

export interface Observation {
  condition: WeatherCondition;
  temperatureC: number;
  isDay: boolean;
}

/** The provider gets 5 seconds; after that the card shows its error (or the last good value). */
const TIMEOUT_MS = 5000;

const owmSchema = z.object({
  weather: z.array(z.object({ main: z.string(), icon: z.string() })).min(1),
  main: z.object({ temp: z.number() }),
});

const openMeteoSchema = z.object({
  current: z.object({ temperature_2m: z.number(), weather_code: z.number().int(), is_day: z.number().int() }),
});

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url.host} answered ${response.status}`);
  return response.json();
}

async function fromOpenWeatherMap(settings: Config['weather'], key: string): Promise<Observation> {
  const url = new URL('/data/2.5/weather', settings.openWeatherMapUrl);
  url.search = new URLSearchParams({ lat: String(settings.latitude), lon: String(settings.longitude), units: 'metric', appid: key }).toString();
  const body = owmSchema.parse(await getJson(url));
  const first = body.weather[0]!;
  const mapped = conditionFromOwmIcon(first.icon);
  if (!mapped) throw new Error(`unknown OpenWeatherMap icon ${first.icon} (${first.main})`);
  return { ...mapped, temperatureC: body.main.temp };
}

async function fromOpenMeteo(settings: Config['weather']): Promise<Observation> {
  const url = new URL('/v1/forecast', settings.openMeteoUrl);
  url.search = new URLSearchParams({
    latitude: String(settings.latitude),
    longitude: String(settings.longitude),
    current: 'temperature_2m,weather_code,is_day',
    timezone: 'auto',
  }).toString();
  const { current } = openMeteoSchema.parse(await getJson(url));
  const condition = conditionFromWmoCode(current.weather_code);
  if (!condition) throw new Error(`unknown WMO weather code ${current.weather_code}`);
  return { condition, temperatureC: current.temperature_2m, isDay: current.is_day === 1 };
}

export function fetchObservation(settings: Config['weather']): Promise<Observation> {
  return settings.openWeatherMapKey ? fromOpenWeatherMap(settings, settings.openWeatherMapKey) : fromOpenMeteo(settings);
}
