import { PROMO_MESSAGES, type PromotionView } from '@cine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInPanel } from '../../../test/inPanel';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { PromotionsSection } from './PromotionsSection';

const martes: PromotionView = {
  code: 'MARTES-2X1',
  name: 'Martes 2x1',
  kind: 'percent',
  value: 50,
  appliesTo: { weekdays: ['Martes'], from: '2026-12-01', to: '2026-12-31' },
  limits: { total: 20 },
  active: true,
  uses: 7,
  held: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
};

/** A movie as the billboard lists it (the picker reads its id and title). */
const movie = (id: string, Title: string) => ({ id, Title });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi()
    .on('GET', '/api/promotions', { status: 200, body: [martes] })
    .on('GET', '/api/movies/billboard', {
      status: 200,
      body: [movie('64d000000000000000000002', 'Wicked'), movie('64d000000000000000000001', 'Dune')],
    })
    .on('GET', '/api/movies/Premieres', { status: 200, body: [movie('64d000000000000000000003', 'Avatar 3')] })
    .on('GET', '/api/pricing/ticket-types', {
      status: 200,
      body: [
        { code: 'general', name: 'General', description: '', requiresId: false },
        { code: 'menor', name: 'Menor', description: '', requiresId: false },
      ],
    });
});

test('lists each promotion: code, name, discount, period, uses of its limit, active', async () => {
  renderInPanel(<PromotionsSection token="t" />);
  const table = await screen.findByRole('table', { name: 'Promociones' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
    'MARTES-2X1Martes 2x150 %del 01/12/2026 al 31/12/20267 / 20 (2 en curso) Sí',
  );
});

test('creating a promotion: the form refuses what the service would (a percent beyond 100) before sending; the service’s refusal shows too', async () => {
  const user = userEvent.setup();
  renderInPanel(<PromotionsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Nueva promoción' }));
  const dialog = screen.getByRole('dialog', { name: 'Nueva promoción' });
  await user.type(within(dialog).getByLabelText('Código'), 'verano-26');
  await user.type(within(dialog).getByLabelText('Nombre (lo ve el comprador)'), 'Verano');
  await user.type(within(dialog).getByLabelText('Valor (%)'), '120');
  await user.click(await within(dialog).findByRole('checkbox', { name: 'Menor' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Sabado' }));
  await user.click(within(dialog).getByRole('button', { name: 'Crear promoción' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(PROMO_MESSAGES.notAPercent);
  expect(api.requestsTo('POST', '/api/promotions')).toHaveLength(0);

  api.on('POST', '/api/promotions', { status: 409, body: { statusCode: 409, error: PROMO_MESSAGES.codeTaken } });
  await user.clear(within(dialog).getByLabelText('Valor (%)'));
  await user.type(within(dialog).getByLabelText('Valor (%)'), '20');
  await user.click(within(dialog).getByRole('button', { name: 'Crear promoción' }));
  expect(await within(dialog).findByText(PROMO_MESSAGES.codeTaken)).toBeInTheDocument();

  api.on('POST', '/api/promotions', { status: 201, body: { ...martes, code: 'VERANO-26' } });
  await user.click(within(dialog).getByRole('button', { name: 'Crear promoción' }));
  expect(await within(dialog).findByText('Promoción creada con éxito.')).toBeInTheDocument();
  expect(api.requestsTo('POST', '/api/promotions')[1]?.body).toEqual({
    code: 'VERANO-26',
    name: 'Verano',
    kind: 'percent',
    value: 20,
    appliesTo: { ticketTypes: ['menor'], weekdays: ['Sabado'] },
    limits: {},
    active: true,
  });
  expect(api.requestsTo('GET', '/api/promotions').length).toBeGreaterThan(1);
});

test('editing sends every field back by PUT under its code; the active switch turns it off the same way', async () => {
  const user = userEvent.setup();
  api.on('PUT', '/api/promotions/MARTES-2X1', { status: 200, body: martes });
  renderInPanel(<PromotionsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Modificar MARTES-2X1' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar MARTES-2X1' });
  expect(within(dialog).getByLabelText('Código')).toHaveAttribute('readonly');
  await user.clear(within(dialog).getByLabelText('Usos en total'));
  await user.type(within(dialog).getByLabelText('Usos en total'), '30');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Promoción actualizada con éxito.')).toBeInTheDocument();
  const { code, uses, held, createdAt, ...fields } = martes;
  void [code, uses, held, createdAt];
  expect(api.requestsTo('PUT', '/api/promotions/MARTES-2X1')[0]?.body).toEqual({ ...fields, limits: { total: 30 } });
  await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

  await user.click(screen.getByRole('checkbox', { name: 'MARTES-2X1 activa' }));
  expect(api.requestsTo('PUT', '/api/promotions/MARTES-2X1')[1]?.body).toEqual({ ...fields, active: false });
});

test('the movie picker: the billboard and premieres by title, the ones chosen sent as movieIds; a movie no longer listed is kept', async () => {
  const user = userEvent.setup();
  const retired = '64d0000000000000000000ff';
  api
    .on('GET', '/api/promotions', { status: 200, body: [{ ...martes, appliesTo: { ...martes.appliesTo, movieIds: [retired] } }] })
    .on('PUT', '/api/promotions/MARTES-2X1', { status: 200, body: martes });
  renderInPanel(<PromotionsSection token="t" />);
  await user.click(await screen.findByRole('button', { name: 'Modificar MARTES-2X1' }));
  const dialog = screen.getByRole('dialog', { name: 'Modificar MARTES-2X1' });
  const movies = within(dialog).getByRole('group', { name: 'Películas (ninguna: todas)' });
  await within(movies).findByRole('checkbox', { name: 'Dune' });
  expect(
    within(movies)
      .getAllByRole('checkbox')
      .map((box) => box.parentElement?.textContent),
  ).toEqual(['Avatar 3', 'Dune', 'Wicked', `Película ${retired}`]);
  expect(within(movies).getByRole('checkbox', { name: `Película ${retired}` })).toBeChecked();
  await user.click(within(movies).getByRole('checkbox', { name: 'Wicked' }));
  await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
  expect(await within(dialog).findByText('Promoción actualizada con éxito.')).toBeInTheDocument();
  expect(api.requestsTo('PUT', '/api/promotions/MARTES-2X1')[0]?.body).toMatchObject({
    appliesTo: { ...martes.appliesTo, movieIds: [retired, '64d000000000000000000002'] },
  });
});
