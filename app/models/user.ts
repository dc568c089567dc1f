// Account constants the forms show in the browser (user.server.ts cannot be
// imported by client code) and the server validates with.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;
export const SECURITY_QUESTION = "What is your favourite sports name?";
