import type { PriceCardInput, Surcharges, TicketType } from '@cine/contracts';

/**
 * What booking's pricing starts with (issue 37), stored once on the first start of a version that has
 * price cards, on a new installation and an existing one alike; the admin changes it from then on.
 * General keeps the price the demo's 2D shows always had ($ 9,00); 3D adds its surcharge.
 */
export const SEEDED_TICKET_TYPES: readonly TicketType[] = [
  { code: 'general', name: 'General', description: '', requiresId: false, active: true },
  { code: 'menor', name: 'Menor (hasta 12 años)', description: 'Niñas y niños de hasta 12 años', requiresId: false, active: true },
  { code: 'jubilado', name: 'Jubilado', description: 'Presentar DNI o credencial en la entrada', requiresId: true, active: true },
  {
    code: 'estudiante',
    name: 'Estudiante',
    description: 'Presentar credencial de estudiante en la entrada',
    requiresId: true,
    active: true,
  },
];

export const SEEDED_PRICE_CARDS: ReadonlyArray<PriceCardInput & { id: string }> = [
  {
    id: 'tarifa-general',
    name: 'Tarifa general',
    prices: { general: 900, menor: 700, jubilado: 650, estudiante: 750 },
    rules: {},
    priority: 0,
  },
  {
    id: 'matine',
    name: 'Matiné',
    prices: { general: 750, menor: 600, jubilado: 550, estudiante: 650 },
    rules: { to: '15:00' },
    priority: 10,
  },
  {
    id: 'dia-del-espectador',
    name: 'Día del espectador',
    prices: { general: 600, menor: 600, jubilado: 600, estudiante: 600 },
    rules: { weekdays: ['Miércoles'] },
    priority: 20,
  },
];

export const SEEDED_SURCHARGES: Surcharges = { formats: { '3D': 200 }, categories: { premium: 300 } };
