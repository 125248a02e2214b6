/** The conditions the app has a picture and an Italian name for (OpenWeatherMap's icon groups). */
export const weatherConditions = [
  'clear sky',
  'few clouds',
  'scattered clouds',
  'broken clouds',
  'shower rain',
  'rain',
  'thunderstorm',
  'snow',
  'mist',
] as const;
export type WeatherCondition = (typeof weatherConditions)[number];

const OWM_ICON_GROUPS: Record<string, WeatherCondition> = {
  '01': 'clear sky',
  '02': 'few clouds',
  '03': 'scattered clouds',
  '04': 'broken clouds',
  '09': 'shower rain',
  '10': 'rain',
  '11': 'thunderstorm',
  '13': 'snow',
  '50': 'mist',
};

/** OpenWeatherMap's icon code (`10d`) names the condition group and day or night. */
export function conditionFromOwmIcon(icon: string): { condition: WeatherCondition; isDay: boolean } | null {
  const condition = OWM_ICON_GROUPS[icon.slice(0, 2)];
  return condition ? { condition, isDay: !icon.endsWith('n') } : null;
}

/** Open-Meteo's WMO weather code, folded into the same conditions. */
export function conditionFromWmoCode(code: number): WeatherCondition | null {
  if (code === 0) return 'clear sky';
  if (code === 1) return 'few clouds';
  if (code === 2) return 'scattered clouds';
  if (code === 3) return 'broken clouds';
  if (code === 45 || code === 48) return 'mist';
  if ((code >= 51 && code <= 57) || (code >= 80 && code <= 82)) return 'shower rain';
  if (code >= 61 && code <= 67) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return null;
}
