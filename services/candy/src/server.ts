import { runService } from '@cine/service-kit';
import { candyService } from './index';

void runService(candyService);
