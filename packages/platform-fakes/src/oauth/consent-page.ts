import { escapeHtml } from '../html.ts';
import type { OAuthUser } from './store.ts';

/** A group of things the user ticks on the consent page besides scopes (Facebook's pages, VK's communities). */
export interface ConsentChoice {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** One option only (Google's account chooser picks one channel): radio buttons, the first chosen. */
  single?: boolean | undefined;
}

export interface ConsentPageOptions {
  /** The platform as its page names itself ("Facebook", "Google"). */
  platform: string;
  appName: string;
  /** Where the form posts (the platform's authorize path). */
  action: string;
  /** The request's parameters, posted back unchanged as the real pages do. */
  params: Record<string, string>;
  /** Who is signed in: the fake has no sessions, so the page lets one be chosen. */
  users: OAuthUser[];
  /** The scopes asked for, each a ticked box the user may untick (as Facebook and Google allow). */
  scopes: string[];
  choices?: ConsentChoice[] | undefined;
}

/**
 * The consent page of an OAuth platform's fake: the app, who is signed in, the scopes and choices
 * as ticked boxes, Allow and Deny. consentDecision (consent-decision.ts) reads what it posts;
 * submitConsent (consent-client.ts) fills it in as a browser would.
 */
export function consentPage(options: ConsentPageOptions): string {
  const hidden = Object.entries(options.params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const users = options.users
    .map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.name)}</option>`)
    .join('');
  const scopes = options.scopes.map((scope) => box('granted_scope', scope, scope)).join('');
  const choices = (options.choices ?? [])
    .map(
      (choice) =>
        `<fieldset><legend>${escapeHtml(choice.label)}</legend>${choice.options
          .map((o, index) =>
            choice.single
              ? radio(`choice:${choice.name}`, o.value, o.label, index === 0)
              : box(`choice:${choice.name}`, o.value, o.label),
          )
          .join('')}</fieldset>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.platform)}: authorize ${escapeHtml(options.appName)}</title></head><body>
<h1>${escapeHtml(options.appName)} wants to use your ${escapeHtml(options.platform)} account</h1>
<form method="post" action="${escapeHtml(options.action)}">
${hidden}
<label>Signed in as <select name="user_id">${users}</select></label>
<fieldset><legend>Permissions</legend>${scopes}</fieldset>
${choices}
<button type="submit" name="decision" value="approve">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>`;
}

function box(name: string, value: string, label: string): string {
  return `<label><input type="checkbox" name="${escapeHtml(name)}" value="${escapeHtml(value)}" checked> ${escapeHtml(label)}</label>`;
}

function radio(name: string, value: string, label: string, checked: boolean): string {
  return `<label><input type="radio" name="${escapeHtml(name)}" value="${escapeHtml(value)}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
}
