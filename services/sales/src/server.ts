import { runService } from '@cine/service-kit';
import { salesService } from './index';

void runService(salesService);
