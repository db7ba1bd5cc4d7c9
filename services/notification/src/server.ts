import { runService } from '@cine/service-kit';
import { notificationService } from './index';

void runService(notificationService);
