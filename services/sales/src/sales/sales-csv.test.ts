import { candyCsv, detailCsv, money, summaryCsv } from './sales-csv';

const notRefunded = { refundedSeats: 0, refundedPrice: 0 };
const candyNotRefunded = { refundedQuantity: 0, refundedPrice: 0 };

describe('sales CSV', () => {
  it('writes cents as amounts with two decimals', () => {
    expect([0, 5, 1250, 123456].map(money)).toEqual(['0.00', '0.05', '12.50', '1234.56']);
  });

  it('quotes commas and quotes, and writes a cell that a spreadsheet would run as a formula as text', () => {
    const csv = summaryCsv([
      {
        movieId: 'm',
        title: 'Hola, "Mundo"',
        type: '2D',
        month: '2026-11',
        monthName: 'Nov',
        seats: 1,
        totalPrice: 100,
        netPrice: 60,
        ...notRefunded,
      },
      {
        movieId: 'n',
        title: '=HYPERLINK("x")',
        type: '3D',
        month: '2026-10',
        monthName: 'Oct',
        seats: 2,
        totalPrice: 200,
        netPrice: 120,
        ...notRefunded,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\ufeffNombre,Tipo,Entradas Vendidas,Mes,T.Bruto,T.Neto,Entradas Reembolsadas,T.Reembolsado',
      '"Hola, ""Mundo""",2D,1,Nov 2026,1.00,0.60,0,0.00',
      `"'=HYPERLINK(""x"")",3D,2,Oct 2026,2.00,1.20,0,0.00`,
      '',
    ]);
    expect(candyCsv([{ itemId: 'c', name: '@café', day: '2026-11-01', quantity: 3, totalPrice: 900, ...candyNotRefunded }])).toContain(
      "'@café,2026-11-01,3,9.00,0,0.00",
    );
  });

  it('adds what was refunded in columns of its own (the sold figures are net of it)', () => {
    const csv = summaryCsv([
      {
        movieId: 'm',
        title: 'Peli',
        type: '2D',
        month: '2026-11',
        monthName: 'Nov',
        seats: 1,
        totalPrice: 100,
        netPrice: 60,
        refundedSeats: 2,
        refundedPrice: 200,
      },
    ]);
    expect(csv).toContain('\r\nPeli,2D,1,Nov 2026,1.00,0.60,2,2.00\r\n');
    expect(
      candyCsv([
        { itemId: 'c', name: 'Pochoclo', day: '2026-11-01', quantity: 1, totalPrice: 300, refundedQuantity: 2, refundedPrice: 600 },
      ]),
    ).toBe('\ufeffProducto,Fecha,Cantidad,Total,Cantidad Reembolsada,Total Reembolsado\r\nPochoclo,2026-11-01,1,3.00,2,6.00\r\n');
  });

  it('quotes every cell holding a line break, a semicolon, a comma or a quote, so no title starts a row or a cell of its own', () => {
    const movie = {
      movieId: 'm',
      type: '2D' as const,
      month: '2026-11',
      monthName: 'Nov',
      seats: 1,
      totalPrice: 100,
      netPrice: 60,
      ...notRefunded,
    };
    const summary = summaryCsv([
      { ...movie, title: 'Peli\n=1+1' },
      { ...movie, title: 'Peli\r\n@SUM(A1)' },
      { ...movie, title: 'Peli;=1+1' },
    ]);
    expect(summary.split('\r\n')).toEqual([
      '\ufeffNombre,Tipo,Entradas Vendidas,Mes,T.Bruto,T.Neto,Entradas Reembolsadas,T.Reembolsado',
      '"Peli\n=1+1",2D,1,Nov 2026,1.00,0.60,0,0.00',
      // A CR LF inside a quoted cell is one cell's text; split here only because the test splits on it.
      '"Peli',
      '@SUM(A1)",2D,1,Nov 2026,1.00,0.60,0,0.00',
      '"Peli;=1+1",2D,1,Nov 2026,1.00,0.60,0,0.00',
      '',
    ]);

    const detail = detailCsv([
      {
        orderId: 'o',
        movieId: 'm',
        title: 'Peli;=1+1',
        type: '3D',
        seats: 2,
        date: '2026-11-02T20:00:00.000Z',
        day: '2026-11-02',
        totalPrice: 200,
        netPrice: 120,
        ...notRefunded,
      },
    ]);
    expect(detail).toContain('\r\n"Peli;=1+1",3D,2,2026-11-02,2.00,1.20,0,0.00\r\n');
    expect(candyCsv([{ itemId: 'c', name: 'x;=1+1', day: '2026-11-01', quantity: 3, totalPrice: 900, ...candyNotRefunded }])).toContain(
      '\r\n"x;=1+1",2026-11-01,3,9.00,0,0.00\r\n',
    );
    expect(candyCsv([{ itemId: 'c', name: 'x\r=1', day: '2026-11-01', quantity: 1, totalPrice: 100, ...candyNotRefunded }])).toContain(
      '\r\n"x\r=1",2026-11-01,1,1.00,0,0.00\r\n',
    );
  });
});
