import { runService } from '@cine/service-kit';
import { identityService } from './index';

void runService(identityService);
