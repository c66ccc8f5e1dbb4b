/**
 * LinkedIn's "little text" format of `commentary`: these characters are markup unless escaped
 * with a backslash, so the text a post shows is the commentary unescaped.
 */
const RESERVED = /\\([\\|{}@[\]()<>#*_~])/g;

export function unescapeLittleText(commentary: string): string {
  return commentary.replace(RESERVED, '$1');
}

export function escapeLittleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
}
