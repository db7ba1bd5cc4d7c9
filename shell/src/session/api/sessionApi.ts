import type { UserView, VerifyRoleResponse } from '@cine/contracts';
import { api } from '../../lib/api';

export const verifyRole = () => api.get<VerifyRoleResponse>('/auth/verifyrole');

export const fetchCurrentUser = () => api.get<UserView>('/auth/me');
