import type { PlatformStatusView, ServiceStatusRow } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { PlatformStatusView, ServiceStatusRow };

/** The platform over the last minutes, as the gateway reads it from its own metrics (administrators only). */
export const fetchPlatformStatus = (token: string) => api.get<PlatformStatusView>('/status', { token });
