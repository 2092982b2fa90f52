/**
 * The dashboard's charts, in plain SVG (no charting library: a few hundred
 * lines of markup, nothing to load). Each chart is a figure whose SVG is one
 * image to assistive technology, named by the figure's heading and described
 * by a sentence under it; its legend is text, and every number it draws is in
 * a table under "표로 보기". Colours come from classes in staff.css (no inline
 * styles), and the SVG scales with its viewBox, so it fits 768 px as well as 1280.
 */
import { type DashboardData, type DayFigures, OPEN_AGE_BUCKETS } from '../../../../shared/dashboard/dashboard';
import { SECTION_VALUES } from '../../../../shared/enquiries/enums';
import { LOCALE_CODES } from '../../../../shared/locales';
import { DASHBOARD_TEXT } from './words';
import { Axes, ChartFigure, HEIGHT, Legend, MARGIN, niceScale, PLOT_WIDTH, round, WIDTH, yOf } from './chart-parts';

export function SectionChart({ data }: { data: DashboardData }) {
  const { series, totals, days } = data;
  const { top, ticks } = niceScale(Math.max(0, ...series.map((figures) => figures.received)));
  // 90 thin bars need no gap between them to stay visible.
  const slot = PLOT_WIDTH / series.length;
  const barWidth = Math.max(1, slot * (series.length > 31 ? 0.86 : 0.72));
  const peak = series.reduce<DayFigures | undefined>(
    (best, figures) => (figures.received > (best?.received ?? 0) ? figures : best),
    undefined,
  );
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
      legend={
        <Legend
          items={SECTION_VALUES.map((section, i) => ({
            key: section,
            label: section,
            value: totals.sections[section],
            swatch: `dash-swatch--s${i}`,
          }))}
        />
      }
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
                <rect
                  key={section}
                  className={`dash-fill--s${s}`}
                  x={round(MARGIN.left + i * slot + (slot - barWidth) / 2)}
                  y={y}
                  width={round(barWidth)}
                  height={round(height)}
                >
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
  const { top, ticks } = niceScale(
    Math.max(0, ...series.flatMap((figures) => LOCALE_CODES.map((code) => figures.locales[code]))),
  );
  const slot = PLOT_WIDTH / series.length;
  const label = (code: string) => DASHBOARD_TEXT.pageLanguage(DASHBOARD_TEXT.locales[code] ?? code);
  const summary = DASHBOARD_TEXT.localeSummary(
    days,
    LOCALE_CODES.map((code) => `${label(code)} ${DASHBOARD_TEXT.count(totals.locales[code])}`).join(', '),
  );
  return (
    <ChartFigure
      name="locales"
      title={DASHBOARD_TEXT.byLocale}
      summary={summary}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      legend={
        <Legend
          items={LOCALE_CODES.map((code) => ({
            key: code,
            label: label(code),
            value: totals.locales[code],
            swatch: `dash-swatch--${code}`,
          }))}
        />
      }
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
          points={series
            .map((figures, i) => `${round(MARGIN.left + (i + 0.5) * slot)},${yOf(figures.locales[code], top)}`)
            .join(' ')}
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
      summary={DASHBOARD_TEXT.ageSummary(
        total,
        buckets.map((bucket) => `${labelOf(bucket.key)} ${DASHBOARD_TEXT.count(bucket.count)}`).join(', '),
      )}
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
            <rect
              className={`dash-fill--age${older}`}
              x={AGE_LABEL}
              y={y + 5}
              width={round(Math.max(bucket.count > 0 ? 2 : 0, width))}
              height={AGE_ROW - 10}
            />
            <text className="dash-value" x={round(AGE_LABEL + width + 6)} y={y + AGE_ROW / 2 + 4}>
              {bucket.count.toLocaleString('ko-KR')}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
