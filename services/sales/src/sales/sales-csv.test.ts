import { candyCsv, money, summaryCsv } from './sales-csv';

describe('sales CSV', () => {
  it('writes cents as amounts with two decimals', () => {
    expect([0, 5, 1250, 123456].map(money)).toEqual(['0.00', '0.05', '12.50', '1234.56']);
  });

  it('quotes commas and quotes, and writes a cell that a spreadsheet would run as a formula as text', () => {
    const csv = summaryCsv([
      { movieId: 'm', title: 'Hola, "Mundo"', type: '2D', month: '2026-11', monthName: 'Nov', seats: 1, totalPrice: 100, netPrice: 60 },
      { movieId: 'n', title: '=HYPERLINK("x")', type: '3D', month: '2026-10', monthName: 'Oct', seats: 2, totalPrice: 200, netPrice: 120 },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\ufeffNombre,Tipo,Entradas Vendidas,Mes,T.Bruto,T.Neto',
      '"Hola, ""Mundo""",2D,1,Nov 2026,1.00,0.60',
      `"'=HYPERLINK(""x"")",3D,2,Oct 2026,2.00,1.20`,
      '',
    ]);
    expect(candyCsv([{ itemId: 'c', name: '@café', day: '2026-11-01', quantity: 3, totalPrice: 900 }])).toContain("'@café,2026-11-01,3,9.00");
  });
});
