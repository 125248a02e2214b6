import { useEffect, useRef, useState } from 'react';
import styles from './charts.module.css';

/** The content width of an element, kept up to date; 0 until first measured. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports the first size as soon as it starts observing.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A round upper bound for an axis and its step: 0, step, 2·step… ≥ max (at most ~5 lines). */
export function niceScale(max: number, lines = 4): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const raw = max / lines;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power;
  return { top: Math.ceil(max / step) * step, step };
}

export interface BarItem {
  key: string;
  label: string;
  value: number;
  colour: string;
}

const ROW = 48;
const BAR = 18;
const VALUE_SPACE = 44;

/**
 * Horizontal bars, one per item, in the item's colour: the name above the bar,
 * the value after it. Drawn at the real pixel width so text stays readable.
 */
export function HorizontalBarChart({
  items,
  label,
  formatValue = String,
  valueSpace = VALUE_SPACE,
}: {
  items: readonly BarItem[];
  label: string;
  formatValue?: (value: number) => string;
  /** Room after the longest bar for its value (wider for amounts). */
  valueSpace?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const max = Math.max(1, ...items.map((item) => item.value));
  const height = items.length * ROW;
  const track = Math.max(0, width - valueSpace);
  return (
    <div ref={ref} className={styles.frame} style={{ minHeight: height }}>
      {width > 0 ? (
        <svg className={styles.chart} role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          {items.map((item, index) => {
            const y = index * ROW;
            const barWidth = item.value > 0 ? Math.max(3, (track * item.value) / max) : 0;
            return (
              <g key={item.key}>
                <text className={styles.label} x={0} y={y + 15}>
                  {item.label}
                </text>
                <rect className={styles.track} x={0} y={y + 22} width={track} height={BAR} rx={4} />
                <rect className={styles.bar} x={0} y={y + 22} width={barWidth} height={BAR} rx={4} fill={item.colour} />
                <text className={styles.value} x={barWidth + 8} y={y + 36}>
                  {formatValue(item.value)}
                </text>
              </g>
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}

const TOP = 14;
const BOTTOM = 26;
const LEFT = 46;
const RIGHT = 8;

/**
 * Twelve months on the x axis: a line with points (`kind="line"`) or columns;
 * with `second`, two columns a month side by side (e.g. income and expenses).
 * The y axis runs from 0 to `top` with a grid line every `step`.
 */
export function MonthChart({
  values,
  second,
  monthLabels,
  label,
  kind,
  top,
  step,
  formatTick,
  height = 200,
}: {
  values: readonly number[];
  /** A second series of columns, drawn right of the first in the second colour. */
  second?: readonly number[] | undefined;
  /** Short names of the twelve months; the initials are used when space is short. */
  monthLabels: readonly string[];
  label: string;
  kind: 'line' | 'columns';
  top: number;
  step: number;
  formatTick: (value: number) => string;
  height?: number;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const plotWidth = Math.max(0, width - LEFT - RIGHT);
  const plotHeight = height - TOP - BOTTOM;
  const band = plotWidth / values.length;
  const x = (index: number) => LEFT + band * (index + 0.5);
  const y = (value: number) => TOP + plotHeight - (plotHeight * Math.min(value, top)) / top;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 1000; tick += step) ticks.push(tick);
  const short = band < 30;
  const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
  const baseline = y(0);

  return (
    <div ref={ref} className={styles.frame} style={{ minHeight: height }}>
      {width > 0 ? (
        <svg className={styles.chart} role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line className={tick === 0 ? styles.axis : styles.grid} x1={LEFT} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} />
              <text className={styles.tick} x={LEFT - 6} y={y(tick) + 4} textAnchor="end">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {monthLabels.map((month, index) => (
            <text key={month} className={styles.tick} x={x(index)} y={height - 8} textAnchor="middle">
              {short ? month.charAt(0).toUpperCase() : month}
            </text>
          ))}
          {kind === 'columns'
            ? [values, ...(second ? [second] : [])].flatMap((series, seriesIndex, all) =>
                series.map((value, index) => {
                  const barWidth = Math.max(2, Math.min(28, (band * 0.62) / all.length));
                  const barHeight = baseline - y(value);
                  const left = x(index) - (barWidth * all.length) / 2 + barWidth * seriesIndex;
                  return value > 0 ? (
                    <rect
                      key={`${seriesIndex}-${monthLabels[index]}`}
                      className={seriesIndex === 0 ? styles.column : styles.columnSecond}
                      x={left}
                      y={baseline - Math.max(1.5, barHeight)}
                      width={barWidth}
                      height={Math.max(1.5, barHeight)}
                      rx={2}
                    />
                  ) : null;
                }),
              )
            : (
              <>
                <polygon
                  className={styles.area}
                  points={`${x(0).toFixed(1)},${baseline} ${points.join(' ')} ${x(values.length - 1).toFixed(1)},${baseline}`}
                />
                <polyline className={styles.line} points={points.join(' ')} />
                {values.map((value, index) => (
                  <circle key={monthLabels[index]} className={styles.point} cx={x(index)} cy={y(value)} r={3.5} />
                ))}
              </>
            )}
        </svg>
      ) : null}
    </div>
  );
}

/** The key of a two-series MonthChart: what each colour stands for. */
export function ChartLegend({ first, second }: { first: string; second: string }) {
  return (
    <ul className={styles.legend} aria-hidden="true">
      <li>
        <span className={`${styles.swatch} ${styles.first}`} />
        {first}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.second}`} />
        {second}
      </li>
    </ul>
  );
}
