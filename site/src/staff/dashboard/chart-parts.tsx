/**
 * What the dashboard's charts are drawn with: the plot's size and margins, a
 * y scale of round ticks, the axes, the figure (heading, SVG named by it,
 * sentence describing it, legend, data table) and the legend.
 */
import { type ReactNode, useId } from 'react';
import type { DayFigures } from '../../../../shared/dashboard/dashboard';
import { DASHBOARD_TEXT } from './words';

export const WIDTH = 720;
export const HEIGHT = 240;
export const MARGIN = { top: 12, right: 10, bottom: 28, left: 40 };
export const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
export const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/** A y axis from 0 with whole-number ticks of 1, 2 or 5 times a power of ten, four or five of them. */
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude,
  );
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}

/** `2026-11-20` -> `11/20`. */
export const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/** Which days get a label on the x axis: today, then every week (every two weeks over 90 days) back. */
export function labelledDays(count: number): Set<number> {
  const step = count <= 31 ? 7 : 14;
  const labelled = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) labelled.add(i);
  return labelled;
}

/** One decimal is finer than a pixel, and keeps the markup short. */
export const round = (value: number) => Math.round(value * 10) / 10;
export const yOf = (value: number, top: number) => round(MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT);

/** Grid lines with their values, and the day labels. */
export function Axes({ series, top, ticks }: { series: readonly DayFigures[]; top: number; ticks: number[] }) {
  const slot = PLOT_WIDTH / series.length;
  const labelled = labelledDays(series.length);
  return (
    <g className="dash-axes">
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            className="dash-grid-line"
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={yOf(tick, top)}
            y2={yOf(tick, top)}
          />
          <text x={MARGIN.left - 6} y={yOf(tick, top) + 4} textAnchor="end">
            {tick}
          </text>
        </g>
      ))}
      {series.map((figures, i) =>
        labelled.has(i) ? (
          <text key={figures.day} x={round(MARGIN.left + (i + 0.5) * slot)} y={HEIGHT - 8} textAnchor="middle">
            {shortDay(figures.day)}
          </text>
        ) : null,
      )}
    </g>
  );
}

interface ChartFigureProps {
  title: string;
  summary: string;
  legend?: ReactNode;
  table: ReactNode;
  className?: string;
  /** The SVG's view box. */
  viewBox: string;
  children: ReactNode;
  /** Names the figure for tests and styles. */
  name: string;
}

/** A chart with its heading, legend, one-sentence description and data table. */
export function ChartFigure({ title, summary, legend, table, className, viewBox, children, name }: ChartFigureProps) {
  const id = useId();
  return (
    <figure className={`dash-card dash-figure ${className ?? ''}`} data-chart={name}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
      </figcaption>
      <svg
        className="dash-chart"
        viewBox={viewBox}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        focusable="false"
      >
        {children}
      </svg>
      {legend}
      <p id={`${id}-summary`} className="dash-summary">
        {summary}
      </p>
      <details className="dash-details">
        <summary>{DASHBOARD_TEXT.dataTable}</summary>
        <div className="table-wrap">{table}</div>
      </details>
    </figure>
  );
}

export function Legend({ items }: { items: { key: string; label: string; value: number; swatch: string }[] }) {
  return (
    <ul className="dash-legend">
      {items.map((item) => (
        <li key={item.key}>
          <span className={`dash-swatch ${item.swatch}`} aria-hidden="true" />
          {item.label} <strong>{DASHBOARD_TEXT.count(item.value)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Enquiries received per day, stacked by section. */
