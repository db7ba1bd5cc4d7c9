import { ResponsiveBar } from '@nivo/bar';
import type { CinemaSalesRow } from '../../../api/cinemas';

/** nivo's texts on the shell's dark surface (as the other Ventas charts). */
const theme = {
  text: { fill: 'var(--cine-text, #f3f3f7)', fontSize: 12 },
  axis: { ticks: { text: { fill: 'var(--cine-muted, #a6a6bb)' } }, domain: { line: { stroke: 'var(--cine-border, #2e2e42)' } } },
  grid: { line: { stroke: 'var(--cine-border, #2e2e42)' } },
  tooltip: { container: { background: '#20202f', color: '#f3f3f7' } },
};

/** 'Ventas por cine': each cinema's tickets sold, one bar per cinema. Loaded lazily with nivo. */
function CinemaSalesBar({ rows }: { rows: CinemaSalesRow[] }) {
  const data = rows.map((row) => ({ cine: row.name, Entradas: row.tickets }));
  return (
    <ResponsiveBar
      data={data}
      keys={['Entradas']}
      indexBy="cine"
      // The frame around it is the image with its description; nivo's own svg would be a second, unnamed one.
      role="presentation"
      theme={theme}
      margin={{ top: 16, right: 16, bottom: 40, left: 48 }}
      padding={0.35}
      colors={['#f5c518']}
      labelTextColor="#111"
      axisLeft={{ tickValues: 5, format: (value: number) => (Number.isInteger(value) ? String(value) : '') }}
    />
  );
}

export default CinemaSalesBar;
