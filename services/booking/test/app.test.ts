import { describeServiceApp } from '@cine/service-kit/testing';
import { buildBookingApp } from '../src/app';

describeServiceApp('booking', buildBookingApp);
