import { z } from './zod.ts';

/**
 * Validation rules of spec §5, shared by the server (request schemas) and the web app
 * (form rules). Messages are keys of VALIDATION_MESSAGES so each side shows them in the
 * caller's language.
 */
export const PATTERNS = {
  username: /^[A-Za-z0-9_-]{4,20}$/,
  appKey: /^[A-Za-z0-9_-]{15,35}$/,
  appSecret: /^[A-Za-z0-9_-]{28,45}$/,
  password: /^(?=.*\d)(?=.*[A-Za-z])(?=.*[!@#$^&*()])[A-Za-z\d!@#$^&*()]{8,16}$/,
  url: /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.(com|edu|gov|int|mil|net|org|biz|arpa|info|name|pro|aero|coop|museum|[a-zA-Z]{2,}))(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/,
  lowerCase: /^[a-z]+$/,
  upperCase: /^[A-Z]+$/,
  alphabets: /^[A-Za-z]+$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  jpgFile: /^[^\\/:*?"<>|]+\.jpe?g$/i,
} as const;

export const isValidUsername = (s: string) => PATTERNS.username.test(s);
export const isValidPassword = (s: string) => PATTERNS.password.test(s);
export const isValidAppKey = (s: string) => PATTERNS.appKey.test(s);
export const isValidAppSecret = (s: string) => PATTERNS.appSecret.test(s);
export const isValidURL = (s: string) => PATTERNS.url.test(s);
export const isLowerCase = (s: string) => PATTERNS.lowerCase.test(s);
export const isUpperCase = (s: string) => PATTERNS.upperCase.test(s);
export const isAlphabets = (s: string) => PATTERNS.alphabets.test(s);
export const isValidEmail = (s: string) => PATTERNS.email.test(s);
export const isJpgFileName = (s: string) => PATTERNS.jpgFile.test(s);

/** Which password rules a candidate still misses, for the live hints of the password forms. */
export function passwordHints(candidate: string) {
  return {
    length: candidate.length >= 8 && candidate.length <= 16,
    letter: /[A-Za-z]/.test(candidate),
    digit: /\d/.test(candidate),
    special: /[!@#$^&*()]/.test(candidate),
    onlyAllowed: /^[A-Za-z\d!@#$^&*()]*$/.test(candidate),
  };
}

export const usernameSchema = z.string().trim().regex(PATTERNS.username, 'validation.username');
export const passwordSchema = z.string().regex(PATTERNS.password, 'validation.password');
