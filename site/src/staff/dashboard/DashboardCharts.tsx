/**
 * The dashboard's charts, in plain SVG (no charting library: a few hundred
 * lines of markup, nothing to load). Each chart is a figure whose SVG is one
 * image to assistive technology, named by the figure's heading and described
 * by a sentence under it; its legend is text, and every number it draws is in
 * a table under "표로 보기". Colours come from classes in staff.css (no inline
 * styles), and the SVG scales with its viewBox, so it fits 768 px as well as 1280.
 */
import { type ReactNode, useId } from 'react';
import { type DashboardData, type DayFigures, OPEN_AGE_BUCKETS } from '../../../../shared/dashboard/dashboard';
import { SECTION_VALUES } from '../../../../shared/enquiries/enums';
import { LOCALE_CODES } from '../../../../shared/locales';
import { DASHBOARD_TEXT } from './words';

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 10, bottom: 28, left: 40 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/** A y axis from 0 with whole-number ticks of 1, 2 or 5 times a power of ten, four or five of them. */
export function niceScale(max: number): { top: number; ticks: number[] } {
  if (max <= 0) return { top: 1, ticks: [0, 1] };
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude);
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) };
}

/** `2026-11-20` -> `11/20`. */
export const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/** Which days get a label on the x axis: today, then every week (every two weeks over 90 days) back. */
function labelledDays(count: number): Set<number> {
  const step = count <= 31 ? 7 : 14;
  const labelled = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) labelled.add(i);
  return labelled;
}

/** One decimal is finer than a pixel, and keeps the markup short. */
const round = (value: number) => Math.round(value * 10) / 10;
const yOf = (value: number, top: number) => round(MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT);

/** Grid lines with their values, and the day labels. */
function Axes({ series, top, ticks }: { series: readonly DayFigures[]; top: number; ticks: number[] }) {
  const slot = PLOT_WIDTH / series.length;
  const labelled = labelledDays(series.length);
  return (
    <g className="dash-axes">
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="dash-grid-line" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yOf(tick, top)} y2={yOf(tick, top)} />
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
function ChartFigure({ title, summary, legend, table, className, viewBox, children, name }: ChartFigureProps) {
  const id = useId();
  return (
    <figure className={`dash-card dash-figure ${className ?? ''}`} data-chart={name}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
      </figcaption>
      <svg className="dash-chart" viewBox={viewBox} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} focusable="false">
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

function Legend({ items }: { items: { key: string; label: string; value: number; swatch: string }[] }) {
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
export function SectionChart({ data }: { data: DashboardData }) {
  const { series, totals, days } = data;
  const { top, ticks } = niceScale(Math.max(0, ...series.map((figures) => figures.received)));
  // 90 thin bars need no gap between them to stay visible.
  const slot = PLOT_WIDTH / series.length;
  const barWidth = Math.max(1, slot * (series.length > 31 ? 0.86 : 0.72));
  const peak = series.reduce<DayFigures | undefined>((best, figures) => (figures.received > (best?.received ?? 0) ? figures : best), undefined);
  const summary = DASHBOARD_TEXT.sectionSummary(
    days,
    totals.received,
    SECTION_VALUES.map((section) => `${section} ${DASHBOARD_TEXT.count(totals.sections[section])}`).join(', '),
    peak ? DASHBOARD_TEXT.peakDay(peak.day, peak.received) : '',
  );
  return (
    <ChartFigure
      name="sections"
      title={DASHBOARD_TEXT.bySection}
      summary={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      legend={<Legend items={SECTION_VALUES.map((section, i) => ({ key: section, label: section, value: totals.sections[section], swatch: `dash-swatch--s${i}` }))} />}
      table={
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.date}</th>
              {SECTION_VALUES.map((section) => (
                <th scope="col" key={section}>
                  {section}
                </th>
              ))}
              <th scope="col">{DASHBOARD_TEXT.total}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((figures) => (
              <tr key={figures.day}>
                <th scope="row">{figures.day}</th>
                {SECTION_VALUES.map((section) => (
                  <td key={section}>{figures.sections[section]}</td>
                ))}
                <td>{figures.received}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{DASHBOARD_TEXT.total}</th>
              {SECTION_VALUES.map((section) => (
                <td key={section}>{totals.sections[section]}</td>
              ))}
              <td>{totals.received}</td>
            </tr>
          </tfoot>
        </table>
      }
    >
      <Axes series={series} top={top} ticks={ticks} />
      {series.map((figures, i) => {
        let base = 0;
        return (
          <g key={figures.day}>
            {SECTION_VALUES.map((section, s) => {
              const value = figures.sections[section];
              if (value === 0) return null;
              const y = yOf(base + value, top);
              const height = yOf(base, top) - y;
              base += value;
              return (
                <rect key={section} className={`dash-fill--s${s}`} x={round(MARGIN.left + i * slot + (slot - barWidth) / 2)} y={y} width={round(barWidth)} height={round(height)}>
                  <title>{`${figures.day} ${section} ${DASHBOARD_TEXT.count(value)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </ChartFigure>
  );
}

/** Enquiries received per day, one line per page language. */
export function LocaleChart({ data }: { data: DashboardData }) {
  const { series, totals, days } = data;
  const { top, ticks } = niceScale(Math.max(0, ...series.flatMap((figures) => LOCALE_CODES.map((code) => figures.locales[code]))));
  const slot = PLOT_WIDTH / series.length;
  const label = (code: string) => DASHBOARD_TEXT.pageLanguage(DASHBOARD_TEXT.locales[code] ?? code);
  const summary = DASHBOARD_TEXT.localeSummary(days, LOCALE_CODES.map((code) => `${label(code)} ${DASHBOARD_TEXT.count(totals.locales[code])}`).join(', '));
  return (
    <ChartFigure
      name="locales"
      title={DASHBOARD_TEXT.byLocale}
      summary={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      legend={<Legend items={LOCALE_CODES.map((code) => ({ key: code, label: label(code), value: totals.locales[code], swatch: `dash-swatch--${code}` }))} />}
      table={
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.date}</th>
              {LOCALE_CODES.map((code) => (
                <th scope="col" key={code}>
                  {label(code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((figures) => (
              <tr key={figures.day}>
                <th scope="row">{figures.day}</th>
                {LOCALE_CODES.map((code) => (
                  <td key={code}>{figures.locales[code]}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{DASHBOARD_TEXT.total}</th>
              {LOCALE_CODES.map((code) => (
                <td key={code}>{totals.locales[code]}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      }
    >
      <Axes series={series} top={top} ticks={ticks} />
      {LOCALE_CODES.map((code) => (
        <polyline
          key={code}
          className={`dash-line dash-line--${code}`}
          points={series.map((figures, i) => `${round(MARGIN.left + (i + 0.5) * slot)},${yOf(figures.locales[code], top)}`).join(' ')}
        />
      ))}
    </ChartFigure>
  );
}

const AGE_WIDTH = 380;
const AGE_ROW = 36;
const AGE_LABEL = 92;
const AGE_VALUE = 60;

/** Open enquiries by how long ago they were received. */
export function OpenAgeChart({ data }: { data: DashboardData }) {
  const { buckets, total } = data.open;
  const max = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const height = buckets.length * AGE_ROW + 8;
  const barSpace = AGE_WIDTH - AGE_LABEL - AGE_VALUE;
  const labelOf = (key: string) => DASHBOARD_TEXT.ageBuckets[key] ?? key;
  return (
    <ChartFigure
      name="open-age"
      title={DASHBOARD_TEXT.openByAge}
      summary={DASHBOARD_TEXT.ageSummary(total, buckets.map((bucket) => `${labelOf(bucket.key)} ${DASHBOARD_TEXT.count(bucket.count)}`).join(', '))}
      viewBox={`0 0 ${AGE_WIDTH} ${height}`}
      table={
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{DASHBOARD_TEXT.ageBucket}</th>
              <th scope="col">{DASHBOARD_TEXT.openCount}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.key}>
                <th scope="row">{labelOf(bucket.key)}</th>
                <td>{bucket.count}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{DASHBOARD_TEXT.total}</th>
              <td>{total}</td>
            </tr>
          </tfoot>
        </table>
      }
    >
      {buckets.map((bucket, i) => {
        const y = 4 + i * AGE_ROW;
        const width = (bucket.count / max) * barSpace;
        const older = OPEN_AGE_BUCKETS.findIndex((candidate) => candidate.key === bucket.key);
        return (
          <g key={bucket.key} className="dash-axes">
            <text x={AGE_LABEL - 8} y={y + AGE_ROW / 2 + 4} textAnchor="end">
              {labelOf(bucket.key)}
            </text>
            <rect className={`dash-fill--age${older}`} x={AGE_LABEL} y={y + 5} width={round(Math.max(bucket.count > 0 ? 2 : 0, width))} height={AGE_ROW - 10} />
            <text className="dash-value" x={round(AGE_LABEL + width + 6)} y={y + AGE_ROW / 2 + 4}>
              {bucket.count.toLocaleString('ko-KR')}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
