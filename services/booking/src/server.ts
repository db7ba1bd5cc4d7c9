import { runService } from '@cine/service-kit';
import { bookingService } from './index';

void runService(bookingService);
