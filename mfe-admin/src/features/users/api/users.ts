import type { Page, Role, UserView } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type User = UserView;

export interface NewUser {
  username: string;
  password: string;
  email: string;
  role: Role;
  /** A manager's or staff member's cinemas (issue 38); required for those roles. */
  cinemaIds?: string[];
}

/** One page of the users (`query`: page, pageSize, sort, role, q as useListParams writes them). */
export const fetchUsers = (token: string, query: string) => api.get<Page<User>>(`/admin?${query}`, { token });

/** An admin registers the user (a role of admin is allowed only to an admin caller). */
export const createUser = (token: string, user: NewUser) => api.post<User>('/auth/register', user, { token });

export const updateUser = (token: string, user: Pick<User, 'id'> & Partial<Omit<User, 'id'>>) =>
  api.put<User>('/admin/updateUser', user, { token });

/** The spec deletes by e-mail. */
export const deleteUser = (token: string, email: string) => api.delete<unknown>('/admin/deleteUser', { email }, { token });
