// Account constants the forms show in the browser (user.server.ts cannot be
// imported by client code) and the server validates with.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
export const SECURITY_QUESTION = "What is your favourite sports name?";

/** Roles as User.role stores them; the API answers them as these numbers, as the spec's clients expect. */
export const Role = { User: 0, Admin: 1 } as const;
export type Role = (typeof Role)[keyof typeof Role];
