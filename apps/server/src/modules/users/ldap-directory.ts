import type { ConnectionOptions } from 'node:tls';
import { Client, type Entry, Filter, FilterParser, InvalidCredentialsError } from 'ldapts';
import type { LdapConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { Directory, DirectoryEntry, PasswordChecker } from './directory.ts';

export type LdapDirectoryOptions = Omit<LdapConfig, 'passwordCheck'> & {
  /** For ldaps:// (a private CA, say); Node's defaults otherwise. */
  tlsOptions?: ConnectionOptions;
  /** Where the cause of a `directoryUnavailable` goes; the caller only sees the catalogue text. */
  log?: (message: string, err: unknown) => void;
};

/**
 * The search filter for one account: every `{account}` in the template becomes the account with
 * the RFC 4515 specials (`*`, `(`, `)`, `\`, NUL) escaped, so an account can only ever be a value
 * to compare with, never widen or restructure the filter.
 */
export function userFilter(template: string, account: string): string {
  const escaped = Filter.escape(account);
  // A replacer function: a string replacement would interpret `$&`, `$'` and the like.
  return template.replaceAll('{account}', () => escaped);
}

/** The first value of an attribute, whatever case the server spelt its name in. */
function first(entry: Entry, attribute: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  return typeof one === 'string' ? one : one.toString('utf8');
}

/**
 * The company directory on an LDAP or Active Directory server: searches run as the service
 * account (anonymously without one) under the base DN; a password is checked by binding as the
 * person's own DN on a connection of its own. Every operation opens a connection and closes it
 * again, so nothing is left bound between requests.
 */
export function ldapDirectory(options: LdapDirectoryOptions): Directory & PasswordChecker {
  const { attributes, timeoutMs } = options;
  // A template that does not parse fails at start-up, not on the first look-up.
  FilterParser.parseString(userFilter(options.userFilter, 'probe'));

  async function withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({
      url: options.url,
      timeout: timeoutMs,
      connectTimeout: timeoutMs,
      ...(options.tlsOptions ? { tlsOptions: options.tlsOptions } : {}),
    });
    try {
      return await work(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  function unavailable(err: unknown): AppError {
    options.log?.(`LDAP directory at ${options.url} failed`, err);
    return new AppError('directoryUnavailable');
  }

  /** The one entry the filter finds for the account; none when there is none or several. */
  async function search(account: string): Promise<Entry | null> {
    try {
      return await withClient(async (client) => {
        if (options.bindDn) await client.bind(options.bindDn, options.bindPassword ?? '');
        const { searchEntries } = await client.search(options.baseDn, {
          scope: 'sub',
          filter: userFilter(options.userFilter, account),
          attributes: [attributes.account, attributes.name, attributes.email, attributes.department],
          // Two are enough to tell an ambiguous account from a unique one.
          sizeLimit: 2,
          timeLimit: Math.max(1, Math.ceil(timeoutMs / 1000)),
        });
        if (searchEntries.length > 1) {
          options.log?.(`LDAP directory: account ${JSON.stringify(account)} is ambiguous, ignored`, null);
        }
        return searchEntries.length === 1 ? (searchEntries[0] ?? null) : null;
      });
    } catch (err) {
      throw unavailable(err);
    }
  }

  return {
    async findByAccount(account) {
      const entry = await search(account);
      if (!entry) return null;
      const found: DirectoryEntry = {
        account: first(entry, attributes.account) ?? account,
        name: first(entry, attributes.name) ?? account,
        email: first(entry, attributes.email) ?? '',
        department: first(entry, attributes.department) ?? null,
      };
      return found;
    },

    async verifyPassword(account, password) {
      // A simple bind with an empty password is an anonymous bind, which servers accept.
      if (password === '') return false;
      const entry = await search(account);
      if (!entry) return false;
      try {
        return await withClient(async (client) => {
          await client.bind(entry.dn, password);
          return true;
        });
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return false;
        throw unavailable(err);
      }
    },
  };
}
