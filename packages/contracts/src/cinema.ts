import { DEFAULT_MONEY_FORMAT, type MoneyFormat } from './money';

/**
 * The cinema itself, from configuration (CINEMA_NAME, CINEMA_ADDRESS, CINEMA_HOURS, CINEMA_LOCALE,
 * CINEMA_CURRENCY): the gateway hands it to the web apps in /config.js, notification puts it in the mails.
 */
export interface CinemaInfo extends MoneyFormat {
  name: string;
  address: string;
  hours: string;
}

export const DEFAULT_CINEMA: CinemaInfo = {
  name: 'Cine',
  address: 'Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires',
  hours: 'Todos los días de 10:00 a 0:30',
  ...DEFAULT_MONEY_FORMAT,
};
