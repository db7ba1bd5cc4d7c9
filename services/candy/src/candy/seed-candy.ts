/** The drawings a seeded item's picture is made of (see pictures.ts). */
export type SnackDrawing = 'popcorn' | 'drink' | 'icee' | 'nachos' | 'coffee' | 'hotdog';

export interface SeedCandy {
  name: string;
  /** Names its picture: /api/candy/pictures/<slug>.svg. */
  slug: string;
  /** In cents. */
  price: number;
  quantity: number;
  /** Background gradient, top and bottom. */
  colors: [string, string];
  /** Left to right. */
  drawings: SnackDrawing[];
}

const STOCK = 500;

/** The concession stand on first start: the spec's four combos and the plain items of the cart. */
export const seedCandy: readonly SeedCandy[] = [
  {
    name: 'COMBO TRADICIONAL',
    slug: 'combo-tradicional',
    price: 1050,
    quantity: STOCK,
    colors: ['#b71c1c', '#4a0d0d'],
    drawings: ['popcorn', 'drink'],
  },
  {
    name: 'COMBO NACHOS',
    slug: 'combo-nachos',
    price: 1250,
    quantity: STOCK,
    colors: ['#f57f17', '#7a3300'],
    drawings: ['nachos', 'drink'],
  },
  {
    name: 'COMBO GRANDE',
    slug: 'combo-grande',
    price: 1890,
    quantity: STOCK,
    colors: ['#6a1b9a', '#2a0a3d'],
    drawings: ['drink', 'popcorn', 'drink'],
  },
  { name: 'COMBO ICEE', slug: 'combo-icee', price: 1150, quantity: STOCK, colors: ['#0277bd', '#01304f'], drawings: ['popcorn', 'icee'] },
  { name: 'cafe', slug: 'cafe', price: 350, quantity: STOCK, colors: ['#6d4c41', '#2b1b16'], drawings: ['coffee'] },
  { name: 'refresco', slug: 'refresco', price: 400, quantity: STOCK, colors: ['#c62828', '#3e0b0b'], drawings: ['drink'] },
  { name: 'hotdog', slug: 'hotdog', price: 550, quantity: STOCK, colors: ['#ef6c00', '#5a2600'], drawings: ['hotdog'] },
];
