import { describeServiceApp } from '@cine/service-kit/testing';
import { buildCandyApp } from '../src/app';

describeServiceApp('candy', buildCandyApp, ['/candy/', '/candy/pictures/{file}', '/candy/searchCandy', '/candy/{id}']);
