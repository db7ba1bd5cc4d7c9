import { describeServiceApp } from '@cine/service-kit/testing';
import { buildSalesApp } from '../src/app';

describeServiceApp('sales', buildSalesApp, [
  '/sales/candy',
  '/sales/cinemas',
  '/sales/club',
  '/sales/discounts',
  '/sales/export.csv',
  '/sales/monthly',
  '/sales/occupancy',
  '/sales/search',
  '/sales/ticket-types',
  '/sales/ticket-types/movies',
  '/sales/top',
  '/sales/totals',
  '/tickets/all',
  '/tickets/all/detail',
]);
