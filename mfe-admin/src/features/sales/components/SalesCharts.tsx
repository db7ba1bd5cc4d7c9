import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import type { MonthlySalesRow, TopSellerRow } from '../api/sales';

/** nivo's texts on the shell's dark surface. */
const theme = {
  text: { fill: 'var(--cine-text, #f3f3f7)', fontSize: 12 },
  axis: { ticks: { text: { fill: 'var(--cine-muted, #a6a6bb)' } }, domain: { line: { stroke: 'var(--cine-border, #2e2e42)' } } },
  grid: { line: { stroke: 'var(--cine-border, #2e2e42)' } },
  tooltip: { container: { background: '#20202f', color: '#f3f3f7' } },
};

/** 'Peliculas mas vendidas': tickets of the top six movies. Loaded lazily with nivo. */
export function TopSellersPie({ rows }: { rows: TopSellerRow[] }) {
  const data = rows.map((row) => ({ id: row.movieId, label: row.title, value: row.seats }));
  return (
    <ResponsivePie
      data={data}
      // The frame around it is the image with its description; nivo's own svg would be a second, unnamed one.
      role="presentation"
      theme={theme}
      margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
      innerRadius={0.5}
      padAngle={1}
      cornerRadius={4}
      colors={{ scheme: 'set2' }}
      enableArcLinkLabels={false}
      // A slice under 20° has no room for its number: the legend under the chart gives every movie's.
      arcLabelsSkipAngle={20}
      arcLabel={(datum) => String(datum.value)}
      arcLabelsTextColor="#111"
    />
  );
}

/** 'Ventas mensuales': tickets per month, oldest first. Loaded lazily with nivo. */
export function MonthlySalesLine({ rows }: { rows: MonthlySalesRow[] }) {
  const series = [{ id: 'Entradas', data: rows.map((row) => ({ x: row.monthName, y: row.seats })) }];
  return (
    <ResponsiveLine
      data={series}
      role="presentation"
      theme={theme}
      margin={{ top: 16, right: 16, bottom: 36, left: 44 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      // Tickets are whole: no 0.5 ticks.
      axisLeft={{ tickValues: 5, format: (value: number) => (Number.isInteger(value) ? String(value) : '') }}
      colors={['#f5c518']}
      pointSize={8}
      enableArea
      areaOpacity={0.15}
      useMesh
    />
  );
}
