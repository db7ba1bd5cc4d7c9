import { ResponsiveBar } from '@nivo/bar';
import type { ServiceStatusRow } from '../api/status';

/** nivo's texts on the shell's dark surface (as the Ventas charts). */
const theme = {
  text: { fill: 'var(--cine-text, #f3f3f7)', fontSize: 12 },
  axis: { ticks: { text: { fill: 'var(--cine-muted, #a6a6bb)' } }, domain: { line: { stroke: 'var(--cine-border, #2e2e42)' } } },
  grid: { line: { stroke: 'var(--cine-border, #2e2e42)' } },
  tooltip: { container: { background: '#20202f', color: '#f3f3f7' } },
};

/** One bar per service: `value` of each (requests/s, p95 in ms). Loaded lazily with nivo. */
export function ServiceBars({ rows, value, color }: { rows: ServiceStatusRow[]; value: (row: ServiceStatusRow) => number; color: string }) {
  const data = rows.map((row) => ({ service: row.name, value: Math.round(value(row) * 10) / 10 }));
  return (
    <ResponsiveBar
      data={data}
      keys={['value']}
      indexBy="service"
      theme={theme}
      margin={{ top: 12, right: 12, bottom: 56, left: 48 }}
      padding={0.3}
      colors={[color]}
      axisBottom={{ tickRotation: -35 }}
      labelSkipHeight={14}
      labelTextColor="#111"
      role="presentation"
    />
  );
}
