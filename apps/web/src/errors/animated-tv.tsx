import styles from './tv.module.css';

/** Deterministic pseudo-random noise cells (mulberry32), computed once. */
function noiseCells(columns: number, rows: number, seed: number) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const cells: Array<{ x: number; y: number; opacity: number }> = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) cells.push({ x, y, opacity: Math.round(random() * 90) / 100 });
  }
  return cells;
}

const CELL = 4;
const CELLS = noiseCells(16, 12, 20260121);

/** An old television showing static; decorative (the page's heading says NOT FOUND). */
export function AnimatedTv() {
  return (
    <svg className={styles.tv} viewBox="0 0 320 300" aria-hidden="true" focusable="false">
      <defs>
        <pattern id="tv-noise" width={16 * CELL} height={12 * CELL} patternUnits="userSpaceOnUse">
          {CELLS.map((cell) => (
            <rect
              key={`${cell.x}-${cell.y}`}
              className={styles.noiseCell}
              x={cell.x * CELL}
              y={cell.y * CELL}
              width={CELL}
              height={CELL}
              fillOpacity={cell.opacity}
            />
          ))}
        </pattern>
        <pattern id="tv-scanlines" width="4" height="4" patternUnits="userSpaceOnUse">
          <rect width="4" height="2" fill="#000" />
        </pattern>
        <clipPath id="tv-screen-clip">
          <rect x="46" y="92" width="178" height="140" rx="22" />
        </clipPath>
      </defs>
      <path className={styles.antenna} d="M160 72 L112 14 M160 72 L214 22" />
      <circle className={styles.bodyDark} cx="112" cy="14" r="6" />
      <circle className={styles.bodyDark} cx="214" cy="22" r="6" />
      <rect className={styles.bodyDark} x="70" y="262" width="16" height="30" rx="4" transform="rotate(12 78 262)" />
      <rect className={styles.bodyDark} x="234" y="262" width="16" height="30" rx="4" transform="rotate(-12 242 262)" />
      <rect className={styles.body} x="20" y="70" width="280" height="200" rx="28" />
      <rect className={styles.bodyDark} x="30" y="80" width="210" height="168" rx="26" />
      <g clipPath="url(#tv-screen-clip)">
        <rect className={styles.screenBase} x="46" y="92" width="178" height="140" />
        <g className={styles.screen}>
          <g className={styles.noise}>
            <rect x="46" y="92" width="240" height="200" fill="url(#tv-noise)" />
          </g>
          <rect className={styles.bar} x="46" y="92" width="178" height="26" />
          <rect className={styles.scanlines} x="46" y="92" width="178" height="140" fill="url(#tv-scanlines)" />
        </g>
      </g>
      <circle className={styles.knob} cx="270" cy="118" r="13" />
      <circle className={styles.knob} cx="270" cy="160" r="13" />
      <path className={styles.antenna} d="M262 196 h16 M262 208 h16 M262 220 h16" />
    </svg>
  );
}
