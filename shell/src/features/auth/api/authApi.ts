import type { LoginResponse, MessageResponse, Role, UserView } from '@cine/contracts';
import { api } from '../../../lib/api';

export const login = (credentials: { email: string; password: string }) =>
  api.post<LoginResponse>('/auth/login', credentials, { token: null });

export const register = (user: { email: string; username: string; password: string }) =>
  api.post<UserView>('/auth/register', user, { token: null });

export const requestPasswordRecovery = (email: string) =>
  api.post<MessageResponse>('/mailing/recuperarpassword', { email }, { token: null });

export const resetPassword = (reset: { email: string; code: string; password: string }) =>
  api.post<MessageResponse>('/mailing/resetpassword', reset, { token: null });

export const changePassword = (change: { password: string; currentPassword: string; email: string; username: string; role: Role }) =>
  api.put<MessageResponse>('/auth/password', change);
