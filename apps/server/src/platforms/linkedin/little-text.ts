/**
 * `commentary` is LinkedIn's "little text" format: these characters are markup (mentions,
 * hashtags, templates) unless escaped with a backslash, and an unescaped one can make LinkedIn
 * refuse the post or cut it short. Postdeck sends plain text, so every one is escaped.
 */
export function littleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
}
