/**
 * Whether a post X returns is the one Postdeck sent: X rewrites every link to a t.co address and
 * may trim or normalise whitespace, so links and spacing are left out of the comparison.
 */
export function sameText(returned: string, sent: string): boolean {
  return normalise(returned) === normalise(sent);
}

function normalise(text: string): string {
  return text
    .normalize('NFC')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
