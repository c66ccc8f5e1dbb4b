import { BUILT_IN_ROLE_NAMES, isBuiltInRole } from '@postdeck/contract/permissions';
import type { TFunction } from 'i18next';

/**
 * A role's name to show. A built-in role still called by the name it was created with (stored in
 * English) is named in the interface language; a name an administrator gave a role is theirs.
 */
export function roleName(role: { code: string; name: string }, t: TFunction): string {
  const { code, name } = role;
  return isBuiltInRole(code) && name === BUILT_IN_ROLE_NAMES[code] ? t(`roles.builtInNames.${code}`) : name;
}
