import type { Session } from '@cine/web-kit';

/** Who an API call acts for: the user id the body carries and the bearer token. */
export type Caller = Pick<Session, 'userId' | 'token'>;
