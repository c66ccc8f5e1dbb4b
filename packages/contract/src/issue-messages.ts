/**
 * zod's own checks (a length, a number's bounds, a format, a choice) as keys of
 * VALIDATION_MESSAGES with their figures, so the server's field errors and the console's form
 * rules say the same thing in the user's language. zod's default text is English developer
 * wording ("Too big: expected string to have <=253 characters"), and its locales still name
 * types and print regular expressions.
 */

/** The parts of a zod issue read here: a raw issue in a parse, or a finished one after it. */
export interface IssueLike {
  readonly code: string;
  readonly message?: string | undefined;
  readonly input?: unknown;
  readonly origin?: string;
  readonly maximum?: number | bigint;
  readonly minimum?: number | bigint;
  readonly inclusive?: boolean;
  readonly expected?: string;
  readonly format?: string;
  readonly values?: readonly unknown[];
  readonly divisor?: number | bigint;
  readonly keys?: readonly string[];
}

export interface IssueMessage {
  key: string;
  params: Record<string, string | number>;
}

/** Choices listed in full up to this many; longer lists (every platform) just say "not valid". */
const MAX_LISTED_VALUES = 12;

const figure = (value: number | bigint | undefined) =>
  typeof value === 'bigint' ? value.toString() : (value ?? 0);

const DATE_FORMATS = new Set(['datetime', 'date', 'time', 'duration']);

function sizeMessage(issue: IssueLike): IssueMessage | undefined {
  const tooBig = issue.code === 'too_big';
  const limit = figure(tooBig ? issue.maximum : issue.minimum);
  const params: Record<string, string | number> = tooBig ? { max: limit } : { min: limit };
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case 'string':
      // An empty text against min(1) is a field left blank, said as such.
      if (!tooBig && limit === 1) return { key: 'validation.required', params: {} };
      return { key: tooBig ? 'validation.tooLong' : 'validation.tooShort', params };
    case 'array':
    case 'set':
      return { key: tooBig ? 'validation.tooMany' : 'validation.tooFew', params };
    case 'number':
    case 'int':
    case 'bigint':
      if (tooBig) return { key: exclusive ? 'validation.numberBelow' : 'validation.numberMax', params };
      return { key: exclusive ? 'validation.numberAbove' : 'validation.numberMin', params };
    default:
      return undefined;
  }
}

/**
 * The message key and figures for an issue of zod's own checks; undefined for an issue that
 * carries its own text (a contract key, an error key) or a kind not worded here.
 */
export function issueMessage(issue: IssueLike): IssueMessage | undefined {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue) ?? { key: 'validation.invalid', params: {} };
    case 'invalid_type':
      if (issue.input === undefined) return { key: 'validation.required', params: {} };
      if (issue.expected === 'int') return { key: 'validation.integer', params: {} };
      if (issue.expected === 'number') return { key: 'validation.number', params: {} };
      if (issue.expected === 'string') return { key: 'validation.text', params: {} };
      return { key: 'validation.invalid', params: {} };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email', params: {} };
      if (issue.format === 'url') return { key: 'validation.url', params: {} };
      if (issue.format !== undefined && DATE_FORMATS.has(issue.format))
        return { key: 'validation.dateTime', params: {} };
      return { key: 'validation.format', params: {} };
    case 'invalid_value': {
      const values = issue.values ?? [];
      if (values.length === 0 || values.length > MAX_LISTED_VALUES)
        return { key: 'validation.invalid', params: {} };
      return { key: 'validation.oneOf', params: { values: values.map(String).join(', ') } };
    }
    case 'not_multiple_of':
      return { key: 'validation.multipleOf', params: { divisor: figure(issue.divisor) } };
    case 'unrecognized_keys':
      return { key: 'validation.unknownFields', params: { keys: (issue.keys ?? []).join(', ') } };
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { key: 'validation.invalid', params: {} };
    default:
      return undefined;
  }
}
