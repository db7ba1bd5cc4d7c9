/**
 * Props the shell passes to every exposed page. The shell declares the same shape;
 * it is duplicated on purpose so this remote depends on no other frontend's source.
 */
export interface RemotePageProps {
  session: { token: string; userId: string; username: string; role: 'user' | 'admin' } | null;
}
