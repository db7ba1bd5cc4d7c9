import { render } from '@testing-library/react';
import { TopSellersPie } from './SalesCharts';

const mockPieProps: Array<Record<string, unknown>> = [];
// nivo draws SVG sized by a ResizeObserver jsdom lacks: what the pie is told is what matters here.
jest.mock('@nivo/pie', () => ({
  ResponsivePie: (props: Record<string, unknown>) => {
    mockPieProps.push(props);
    return null;
  },
}));
jest.mock('@nivo/line', () => ({ ResponsiveLine: () => null }));

test("the top six's small slices show no number (they overlapped): the legend under the chart gives every movie's", () => {
  render(
    <TopSellersPie
      rows={[
        { movieId: 'm1', title: 'Matrix', seats: 300, totalPrice: 270000 },
        { movieId: 'm2', title: 'Dune', seats: 2, totalPrice: 1800 },
      ]}
    />,
  );
  const props = mockPieProps.at(-1) ?? {};
  expect(props.data).toEqual([
    { id: 'm1', label: 'Matrix', value: 300 },
    { id: 'm2', label: 'Dune', value: 2 },
  ]);
  // A slice of 2 in 302 is about 2.4°: under the skip angle, so its number is not drawn over its neighbours.
  expect(props.arcLabelsSkipAngle).toBeGreaterThanOrEqual(15);
  expect(props.enableArcLinkLabels).toBe(false);
});
