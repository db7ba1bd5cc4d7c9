import { runService } from '@cine/service-kit';
import { catalogService } from './index';

void runService(catalogService);
