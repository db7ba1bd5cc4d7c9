/** The size posters are drawn at (2:3). Set on every poster so its box is reserved before it arrives. */
export const POSTER_SIZE = { width: 400, height: 600 } as const;
