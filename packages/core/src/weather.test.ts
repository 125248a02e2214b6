import { describe, expect, it } from 'vitest';
import { conditionFromOwmIcon, conditionFromWmoCode, weatherConditions } from './weather.ts';

describe('weather conditions', () => {
  it("maps every OpenWeatherMap icon group to the spec's conditions, with day and night", () => {
    const icons = ['01d', '02d', '03d', '04d', '09d', '10d', '11d', '13d', '50d'];
    expect(icons.map((icon) => conditionFromOwmIcon(icon)?.condition)).toEqual([...weatherConditions]);
    expect(conditionFromOwmIcon('13n')).toEqual({ condition: 'snow', isDay: false });
    expect(conditionFromOwmIcon('99d')).toBeNull();
  });

  it('folds the WMO codes of Open-Meteo into the same conditions', () => {
    expect([0, 1, 2, 3, 45, 53, 63, 73, 81, 86, 95].map(conditionFromWmoCode)).toEqual([
      'clear sky', 'few clouds', 'scattered clouds', 'broken clouds', 'mist', 'shower rain', 'rain', 'snow', 'shower rain', 'snow', 'thunderstorm',
    ]);
    expect(conditionFromWmoCode(42)).toBeNull();
  });
});
