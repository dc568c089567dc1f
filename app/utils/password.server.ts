import bcrypt from "bcryptjs";

// Cost 10 keeps a login under ~100 ms on a small server while staying well
// above brute-force comfort; raise it with BCRYPT_COST as hardware improves.
const COST = Math.max(10, Number(process.env.BCRYPT_COST) || 10);

export const hashPassword = (password: string) => bcrypt.hash(password, COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** Security answers compare case-insensitively, ignoring surrounding space. */
export const normalizeAnswer = (answer: string) => answer.trim().toLowerCase();
export const hashAnswer = (answer: string) => bcrypt.hash(normalizeAnswer(answer), COST);
export const verifyAnswer = (answer: string, hash: string) => bcrypt.compare(normalizeAnswer(answer), hash);
