import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudMoon,
  CloudRain,
  CloudSun,
  Cloudy,
  Moon,
  Snowflake,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { type weatherResponseSchema, type Weather, type WeatherCondition } from '@rustico/core';
import { api, type Answer } from '../lib/api.ts';
import { t } from '../lib/i18n.ts';
import { Card } from '../ui/card.tsx';
import { Loading } from '../ui/loading.tsx';
import styles from './weather-card.module.css';
import { FIRST_DATA } from '../lib/api-paths.ts';

export const weatherQueryKey = ['weather'] as const;

// The server answers { weather } or 503 WEATHER_UNAVAILABLE; a house without weather may answer { weather: null }.
type WeatherAnswer = Answer<typeof weatherResponseSchema> | { weather: null };

/** The weather at the house; the server caches it for 10 minutes, so asking more often is pointless. */
export const weatherQuery = queryOptions({
  queryKey: weatherQueryKey,
  queryFn: ({ signal }): Promise<Weather | null> => api.get<WeatherAnswer>(FIRST_DATA.weather, { signal }).then((data) => data.weather),
  staleTime: 5 * 60_000,
  refetchInterval: 10 * 60_000,
  // The server already falls back to its last good value: a failure here is final until the next
  // refresh, also for the card that mounts after Home's loader was told so.
  retry: false,
  retryOnMount: false,
});

export function useWeather() {
  return useQuery(weatherQuery);
}

const DAY_ICONS: Record<WeatherCondition, LucideIcon> = {
  'clear sky': Sun,
  'few clouds': CloudSun,
  'scattered clouds': Cloud,
  'broken clouds': Cloudy,
  'shower rain': CloudDrizzle,
  rain: CloudRain,
  thunderstorm: CloudLightning,
  snow: Snowflake,
  mist: CloudFog,
};
const NIGHT_ICONS: Partial<Record<WeatherCondition, LucideIcon>> = { 'clear sky': Moon, 'few clouds': CloudMoon };

/** The picture of a condition (a moon instead of the sun at night). */
export function WeatherIcon({ condition, isDay, className }: { condition: WeatherCondition; isDay: boolean; className?: string }) {
  const Icon = (isDay ? undefined : NIGHT_ICONS[condition]) ?? DAY_ICONS[condition];
  return <Icon className={className} size={56} strokeWidth={1.6} aria-hidden="true" />;
}

/** '-4 °C' for -3.5 (whole degrees, halves away from zero; no '-0'; no Intl formatter on Home's first render, see lib/moment.ts). */
export function formatTemperature(celsius: number): string {
  const rounded = Math.round(celsius) === 0 ? 0 : Math.sign(celsius) * Math.round(Math.abs(celsius));
  return t('weather.temperature', { value: String(rounded) });
}

/** 'aggiornato 25 min fa' for a value that is no longer fresh. */
export function formatAge(fetchedAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(fetchedAt).getTime()) / 60_000));
  if (!Number.isFinite(minutes) || minutes < 1) return t('weather.updatedNow');
  if (minutes < 60) return t('weather.updatedMinutes', { minutes });
  return t('weather.updatedHours', { hours: Math.floor(minutes / 60) });
}

export interface WeatherCardProps {
  className?: string | undefined;
}

/** Home card: the weather at Corzoneso now (temperature, icon, Italian description). */
export function WeatherCard({ className }: WeatherCardProps) {
  const weather = useWeather();
  let body;
  if (weather.isPending) body = <Loading fill />;
  else if (weather.isError) body = <p className={styles.muted}>{t('weather.loadFailed')}</p>;
  else if (!weather.data) body = <p className={styles.muted}>{t('weather.empty')}</p>;
  else {
    const { condition, isDay, temperatureC, stale, fetchedAt } = weather.data;
    body = (
      <div className={styles.now} data-condition={condition}>
        <WeatherIcon condition={condition} isDay={isDay} className={styles.icon} />
        <div className={styles.text}>
          <span className={styles.temperature}>{formatTemperature(temperatureC)}</span>
          <span className={styles.description}>{t(`weather.conditions.${condition}`)}</span>
          <span className={styles.place}>
            {t('weather.place')}
            {stale ? <span className={styles.stale}> · {formatAge(fetchedAt)}</span> : null}
          </span>
        </div>
      </div>
    );
  }
  return (
    <Card title={t('weather.title')} icon={<CloudSun size={20} />} className={className} aria-busy={weather.isPending || undefined}>
      <div className={styles.body}>{body}</div>
    </Card>
  );
}
