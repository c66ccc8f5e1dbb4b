// The catalogue's codes and client actions without its sentences: the web client needs these
// on every page, the sentences (errors.ts) only where it shows them.

/**
 * The error catalogue (DESIGN.md §4, spec §8). The HTTP status tells the class, `code` the case;
 * `action` is what the web client does with it, so the server classifies and the client only obeys.
 */
export type ErrorAction =
  /** red message with the server's text for 5 s */
  | 'message'
  /** spec §8 'confirm logout' box with re-login / cancel */
  | 'confirm-relogin'
  /** go to the single-sign-on (or local) login */
  | 'sso-login'
  /** go to the single-sign-on (or local) logout */
  | 'sso-logout'
  /** refresh the access token once and replay the call */
  | 'refresh'
  /** field errors go next to the form fields, summary as a message */
  | 'fields';

export interface ErrorCode {
  code: number;
  http: number;
  action: ErrorAction;
}

export const ERROR_CODES = {
  validation: { code: 400, http: 400, action: 'fields' },
  badCredentials: { code: 100101, http: 400, action: 'message' },
  oldPasswordWrong: { code: 100102, http: 400, action: 'fields' },
  accountDisabled: { code: 100103, http: 403, action: 'message' },
  passwordReused: { code: 100104, http: 400, action: 'fields' },
  passwordChangeRequired: { code: 100105, http: 403, action: 'message' },
  ssoFailed: { code: 101001, http: 400, action: 'message' },
  ssoUnavailable: { code: 101002, http: 503, action: 'message' },
  ssoAccountInvalid: { code: 101003, http: 400, action: 'message' },
  ssoNoAccount: { code: 101004, http: 403, action: 'message' },
  ssoCodeInvalid: { code: 101005, http: 400, action: 'message' },
  sessionInvalid: { code: 101101, http: 401, action: 'sso-logout' },
  notSignedIn: { code: 101102, http: 401, action: 'sso-login' },
  accessExpired: { code: 101103, http: 401, action: 'refresh' },
  refreshInvalid: { code: 101201, http: 401, action: 'confirm-relogin' },
  refreshReused: { code: 101202, http: 401, action: 'confirm-relogin' },
  refreshExpired: { code: 101203, http: 401, action: 'confirm-relogin' },
  sessionDisabled: { code: 101204, http: 401, action: 'confirm-relogin' },
  sessionRevoked: { code: 101205, http: 401, action: 'confirm-relogin' },
  invalidTimeRange: { code: 100301, http: 400, action: 'fields' },
  invalidIdList: { code: 100302, http: 400, action: 'fields' },
  readTargetRequired: { code: 100303, http: 400, action: 'fields' },
  invalidUpgradeTime: { code: 100304, http: 400, action: 'fields' },
  invalidAvatar: { code: 100305, http: 400, action: 'fields' },
  departmentOutOfScope: { code: 100306, http: 400, action: 'fields' },
  contentStale: { code: 100401, http: 409, action: 'message' },
  invalidRichText: { code: 100402, http: 400, action: 'fields' },
  contentNotRestorable: { code: 100403, http: 409, action: 'message' },
  departmentNotAllowed: { code: 100404, http: 400, action: 'fields' },
  materialNotAvailable: { code: 100405, http: 400, action: 'fields' },
  coverNotImage: { code: 100406, http: 400, action: 'fields' },
  uploadsOpenLimit: { code: 100407, http: 429, action: 'message' },
  uploadsBytesLimit: { code: 100408, http: 429, action: 'message' },
  accountTaken: { code: 100601, http: 409, action: 'fields' },
  notOnYourself: { code: 100602, http: 409, action: 'message' },
  lastAdministrator: { code: 100603, http: 409, action: 'message' },
  roleUnknown: { code: 100604, http: 400, action: 'fields' },
  userDepartmentNotAllowed: { code: 100605, http: 400, action: 'fields' },
  directoryUnavailable: { code: 100606, http: 503, action: 'message' },
  passwordManagedByDirectory: { code: 100607, http: 409, action: 'message' },
  userBeyondYours: { code: 100608, http: 403, action: 'message' },
  departmentNotEmpty: { code: 100701, http: 409, action: 'message' },
  departmentNameTaken: { code: 100702, http: 409, action: 'fields' },
  departmentCycle: { code: 100703, http: 400, action: 'fields' },
  departmentNotManaged: { code: 100704, http: 400, action: 'fields' },
  roleCodeTaken: { code: 100801, http: 409, action: 'fields' },
  roleInUse: { code: 100802, http: 409, action: 'message' },
  roleBuiltIn: { code: 100803, http: 409, action: 'message' },
  roleBeyondYours: { code: 100804, http: 400, action: 'fields' },
  roleLastOfUser: { code: 100805, http: 409, action: 'message' },
  roleHeldOutside: { code: 100806, http: 409, action: 'message' },
  roleOrganisationWide: { code: 100807, http: 409, action: 'message' },
  roleHolderBeyondYours: { code: 100808, http: 403, action: 'message' },
  menuNotEmpty: { code: 100901, http: 409, action: 'message' },
  menuBuiltIn: { code: 100902, http: 409, action: 'message' },
  menuParentInvalid: { code: 100903, http: 400, action: 'fields' },
  materialInUse: { code: 100501, http: 409, action: 'message' },
  materialTypeRefused: { code: 100502, http: 415, action: 'fields' },
  materialTooLarge: { code: 100503, http: 413, action: 'fields' },
  uploadUnknown: { code: 100504, http: 404, action: 'fields' },
  urlRefused: { code: 100505, http: 400, action: 'fields' },
  urlFetchFailed: { code: 100506, http: 400, action: 'fields' },
  connectionExpired: { code: 102001, http: 400, action: 'message' },
  connectionUsed: { code: 102002, http: 409, action: 'message' },
  connectionUnknown: { code: 102003, http: 400, action: 'message' },
  consentDenied: { code: 102004, http: 400, action: 'message' },
  scopesMissing: { code: 102005, http: 400, action: 'message' },
  noTargets: { code: 102006, http: 400, action: 'message' },
  platformUnavailable: { code: 102007, http: 400, action: 'message' },
  platformRefused: { code: 102008, http: 400, action: 'message' },
  platformUnreachable: { code: 102009, http: 503, action: 'message' },
  telegramBotInvalid: { code: 102010, http: 400, action: 'fields' },
  telegramChannelNotFound: { code: 102011, http: 400, action: 'fields' },
  telegramBotNotAdmin: { code: 102012, http: 400, action: 'fields' },
  blueskyLoginFailed: { code: 102013, http: 400, action: 'fields' },
  instanceInvalid: { code: 102014, http: 400, action: 'fields' },
  accountReleased: { code: 102015, http: 409, action: 'message' },
  connectKindMismatch: { code: 102016, http: 400, action: 'fields' },
  accountPlatformMismatch: { code: 102017, http: 400, action: 'fields' },
  accountInOtherDepartment: { code: 102020, http: 409, action: 'message' },
  callbackIncomplete: { code: 102021, http: 400, action: 'message' },
  moveNotAllowed: { code: 102022, http: 400, action: 'fields' },
  platformAddressRefused: { code: 102023, http: 400, action: 'message' },
  publishInPast: { code: 103001, http: 400, action: 'fields' },
  publishAccountUnavailable: { code: 103002, http: 400, action: 'fields' },
  publishPreflight: { code: 103003, http: 400, action: 'fields' },
  publicationSending: { code: 103004, http: 409, action: 'message' },
  publicationNotUnconfirmed: { code: 103005, http: 409, action: 'message' },
  publicationLinkMismatch: { code: 103006, http: 400, action: 'fields' },
  publicationNotEditable: { code: 103007, http: 409, action: 'message' },
  publishingPaused: { code: 103008, http: 409, action: 'fields' },
  pauseNotActive: { code: 103009, http: 409, action: 'message' },
  publicationNotPublished: { code: 103010, http: 409, action: 'message' },
  withdrawNoteNeedsOne: { code: 103011, http: 400, action: 'fields' },
  publicationPausedHere: { code: 103012, http: 409, action: 'message' },
  publishImportExpired: { code: 103013, http: 409, action: 'message' },
  publishImportInvalid: { code: 103014, http: 400, action: 'message' },
  publishExportTooLarge: { code: 103015, http: 400, action: 'message' },
  forbidden: { code: 403, http: 403, action: 'message' },
  notFound: { code: 404, http: 404, action: 'message' },
  conflict: { code: 409, http: 409, action: 'message' },
  payloadTooLarge: { code: 413, http: 413, action: 'message' },
  unsupportedMediaType: { code: 415, http: 415, action: 'message' },
  tooManyRequests: { code: 429, http: 429, action: 'message' },
  internal: { code: 500, http: 500, action: 'message' },
  unavailable: { code: 503, http: 503, action: 'message' },
} as const satisfies Record<string, ErrorCode>;

const actionByCode = new Map<number, ErrorAction>(Object.values(ERROR_CODES).map((e) => [e.code, e.action]));

/** What the client does with a response code; unknown non-200 codes show a message (spec §8). */
export function actionForCode(code: number): ErrorAction {
  const known = actionByCode.get(code);
  if (known) return known;
  if (code >= 101100 && code < 101200) return 'sso-logout';
  if (code >= 101200 && code < 101300) return 'confirm-relogin';
  return 'message';
}
