import { describeServiceApp } from '@cine/service-kit/testing';
import { buildCatalogApp } from '../src/app';

describeServiceApp('catalog', buildCatalogApp, [
  '/comments/',
  '/comments/add/{movieId}',
  '/comments/delete/{id}',
  '/comments/user/{userId}',
  '/feedback/',
  '/feedback/add/{id}',
  '/movies/Premieres',
  '/movies/billboard',
  '/movies/createMovie',
  '/movies/delete/{id}',
  '/movies/search',
  '/movies/search/{id}',
  '/movies/update/{id}',
  '/uploads/',
  '/uploads/posters/{file}',
  '/uploads/{id}',
]);
