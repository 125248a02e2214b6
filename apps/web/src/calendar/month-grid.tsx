import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import {
  dayAfterKey,
  dragSelection,
  formatDisplayDate,
  HOLD_TO_DRAG_MS,
  isGridKey,
  isSelected,
  selectionIsFree,
  textColourOn,
  type IsoDate,
  type Selection,
} from '@rustico/core';
import { t } from '../lib/i18n.ts';
import { cx } from '../ui/cx.ts';
import { barLabel, bookingOn, holdBarLabel, WEEKDAY_KEYS, weekSegments, type CalendarStay } from './layout.ts';
import styles from './calendar.module.css';

/** A finger or mouse that moves farther than this before the hold is a swipe or scroll, not a hold. */
const MOVE_TOLERANCE_PX = 10;

export interface MonthGridProps {
  /** The 42 days of the grid, from a Monday. */
  days: readonly IsoDate[];
  /** 'YYYY-MM' of the month shown; other days are dimmed. */
  monthPrefix: string;
  today: IsoDate;
  /** Bookings and holds (status 'held'). */
  bookings: readonly CalendarStay[];
  selection: Selection;
  selectedBookingId: string | null;
  /** Whether a free day may start a selection (members cannot pick past days). */
  canPick: (day: IsoDate) => boolean;
  /** A tap (click, Enter/Space, or a hold released where it began). */
  onTapDay: (day: IsoDate) => void;
  /** A hold-and-drag ended: the range between the two days. */
  onDragSelect: (anchor: IsoDate, current: IsoDate) => void;
  /** The grid's one tab stop: the day that holds the focus when the grid has it (a day of the month shown). */
  activeDay: IsoDate;
  /**
   * The focus moved to another day: by a key (the page shows that day's month if it is
   * another) or by a tap or click.
   */
  onActiveDayChange: (day: IsoDate) => void;
  label: string;
  /** The month's bookings are still on their way (the previous month's are shown meanwhile). */
  busy: boolean;
}

interface Press {
  pointerId: number;
  day: IsoDate;
  x: number;
  y: number;
  timer: number;
  armed: boolean;
  current: IsoDate;
}

function dayAt(x: number, y: number): IsoDate | null {
  const element = document.elementFromPoint(x, y);
  const cell = element instanceof Element ? element.closest<HTMLElement>('[data-day]') : null;
  return cell?.dataset.day ?? null;
}


/**
 * The month's 42 days as a WAI-ARIA date grid with the bookings drawn over them: one tab
 * stop (roving tabindex), arrows move by a day or a week, Home and End to the week's ends,
 * Page Up and Down to the other months (Shift: years). Each day is a button in its
 * gridcell; taps go through `click`, so Enter and Space select as a tap does. A press held
 * for HOLD_TO_DRAG_MS arms a drag that selects a range with mouse, pen or finger. Until the
 * hold is armed a finger may still scroll the page; once armed, the grid keeps the touch
 * (touch-action and a cancelled touchmove).
 */
export function MonthGrid({
  days,
  monthPrefix,
  today,
  bookings,
  selection,
  selectedBookingId,
  canPick,
  onTapDay,
  onDragSelect,
  activeDay,
  onActiveDayChange,
  label,
  busy,
}: MonthGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  /**
   * The day a key moved the focus to: its button takes it once it is drawn (perhaps in another
   * month). The day itself, not a flag: an effect of an earlier render may run after the key and
   * before the new month is drawn, and must not take the focus request for the day it sees.
   */
  const focusTarget = useRef<IsoDate | null>(null);
  const press = useRef<Press | null>(null);
  const suppressClick = useRef(false);
  const [drag, setDrag] = useState<{ anchor: IsoDate; current: IsoDate } | null>(null);

  // A cancelled touchmove is the only way to stop a scroll the browser may already consider; React's touch listeners are passive.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const onTouchMove = (event: TouchEvent) => {
      if (press.current?.armed && event.cancelable) event.preventDefault();
    };
    grid.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => grid.removeEventListener('touchmove', onTouchMove);
  }, []);

  useEffect(() => () => window.clearTimeout(press.current?.timer), []);

  useEffect(() => {
    const day = focusTarget.current;
    if (!day) return;
    const button = gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`);
    if (!button) return;
    focusTarget.current = null;
    button.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !isGridKey(event.key)) return;
    const from = (event.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day;
    if (!from) return;
    event.preventDefault();
    const to = dayAfterKey(from, event.key, event.shiftKey);
    focusTarget.current = to;
    onActiveDayChange(to);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const day = (event.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day;
    if (day && day !== activeDay) onActiveDayChange(day);
  };

  const endPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
    press.current = null;
    setDrag(null);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const day = (event.target as Element).closest<HTMLElement>('[data-day]')?.dataset.day;
    suppressClick.current = false;
    if (press.current) endPress();
    if (!day || bookingOn(day, bookings) || !canPick(day)) return;
    const pointerId = event.pointerId;
    const timer = window.setTimeout(() => {
      const current = press.current;
      if (!current || current.pointerId !== pointerId) return;
      current.armed = true;
      try {
        gridRef.current?.setPointerCapture(pointerId);
      } catch {
        // The pointer is gone already; pointerup/cancel will end the press.
      }
      setDrag({ anchor: current.day, current: current.day });
    }, HOLD_TO_DRAG_MS);
    press.current = { pointerId, day, x: event.clientX, y: event.clientY, timer, armed: false, current: day };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.armed) {
      if (Math.hypot(event.clientX - current.x, event.clientY - current.y) > MOVE_TOLERANCE_PX) endPress();
      return;
    }
    event.preventDefault();
    const day = dayAt(event.clientX, event.clientY);
    if (day && day !== current.current) {
      current.current = day;
      setDrag({ anchor: current.day, current: day });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const { armed, day, current: last } = current;
    endPress();
    if (!armed) return; // a quick tap: the click that follows handles it
    suppressClick.current = true;
    if (last === day) onTapDay(day);
    else onDragSelect(day, last);
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (press.current?.pointerId === event.pointerId) endPress();
  };

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const day = event.currentTarget.dataset.day;
    if (day) onTapDay(day);
  };

  const shown: Selection = drag ? dragSelection(drag.anchor, drag.current) : selection;
  const previewTaken = drag ? !selectionIsFree(shown, bookings) : false;
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));

  return (
    <div
      ref={gridRef}
      className={styles.grid}
      role="grid"
      aria-label={label}
      aria-busy={busy || undefined}
      data-dragging={drag ? '' : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onContextMenu={(event) => {
        if (press.current) event.preventDefault();
      }}
    >
      <div role="row" className={styles.weekdays}>
        {WEEKDAY_KEYS.map(([short, full]) => (
          <span key={short} role="columnheader">
            <span aria-hidden="true">{t(short)}</span>
            <span className="visually-hidden">{t(full)}</span>
          </span>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} role="row" className={styles.week}>
          {week.map((day) => {
            const holder = bookingOn(day, bookings);
            const selected = isSelected(shown, day);
            const edge = shown.kind === 'start' ? selected : shown.kind === 'range' && (day === shown.start || day === shown.end);
            const number = Number(day.slice(8));
            // The name starts with the number shown (WCAG 2.5.3, label in name), then the date and who booked it.
            const name = holder
              ? t('calendar.dayBooked', { day: number, date: formatDisplayDate(day), name: holder.ownerName })
              : t('calendar.day', { day: number, date: formatDisplayDate(day) });
            const pickable = Boolean(holder) || canPick(day);
            return (
              <div key={day} role="gridcell" className={styles.cell}>
                <button
                  type="button"
                  data-day={day}
                  tabIndex={day === activeDay ? 0 : -1}
                  className={cx(
                    styles.day,
                    !day.startsWith(monthPrefix) && styles.outside,
                    day === today && styles.today,
                    holder && styles.taken,
                    holder && holder.id === selectedBookingId && styles.active,
                    selected && styles.selected,
                    edge && styles.edge,
                    selected && previewTaken && styles.invalid,
                    !pickable && styles.unavailable,
                  )}
                  aria-label={name}
                  aria-pressed={holder ? holder.id === selectedBookingId : selected}
                  aria-current={day === today ? 'date' : undefined}
                  aria-disabled={pickable ? undefined : true}
                  onClick={onClick}
                >
                  <span className={styles.number}>{number}</span>
                </button>
              </div>
            );
          })}
          <div className={styles.bars} aria-hidden="true">
            {weekSegments(week, bookings).map((segment) => {
              const columns = segment.to - segment.from;
              return (
                <span
                  key={segment.booking.id}
                  data-status={segment.booking.status}
                  data-lane={segment.lane}
                  className={cx(
                    styles.bar,
                    segment.starts && styles.barStart,
                    segment.ends && styles.barEnd,
                    segment.booking.id === selectedBookingId && styles.barActive,
                  )}
                  style={
                    segment.booking.status === 'held'
                      ? // Hatched in the owner's colour (tentative.module.css); the text stays the page's.
                        { left: `calc(${(segment.from / 7) * 100}% + 1px)`, width: `calc(${(columns / 7) * 100}% - 2px)`, ['--hold-colour' as string]: segment.booking.ownerColour }
                      : {
                          left: `calc(${(segment.from / 7) * 100}% + 1px)`,
                          width: `calc(${(columns / 7) * 100}% - 2px)`,
                          background: segment.booking.ownerColour,
                          color: textColourOn(segment.booking.ownerColour),
                        }
                  }
                >
                  {segment.booking.status === 'held' && segment.booking.lastDay ? holdBarLabel(segment.booking.ownerName, segment.booking.lastDay, columns) : barLabel(segment.booking.ownerName, columns)}
                </span>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
