/** Only paths on this site: `//evil.example`, `/\evil.example` or absolute URLs must not be followed. */
export const isLocalPath = (value: string | null | undefined): value is string =>
  !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
