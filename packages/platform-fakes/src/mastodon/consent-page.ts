import { escapeHtml } from '../html.ts';
import type { MastodonApp, MastodonUser } from './state.ts';

/**
 * The consent page an instance shows at /oauth/authorize: the app, the scopes, the signed-in user
 * (chosen from a list: the fake has no sessions), Authorize and Deny. The form posts back every
 * parameter, as Doorkeeper's does.
 */
export function consentPage(app: MastodonApp, users: MastodonUser[], query: Record<string, string>): string {
  const hidden = Object.entries(query)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const options = users
    .map(
      (u) =>
        `<option value="${escapeHtml(u.id)}">@${escapeHtml(u.username)} (${escapeHtml(u.displayName)})</option>`,
    )
    .join('');
  const scopes = (query['scope'] ?? 'read')
    .split(/\s+/)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorization required</title></head><body>
<h1>Authorize ${escapeHtml(app.name)}?</h1>
<p>This application will be able to:</p><ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">
${hidden}
<label>Signed in as <select name="user_id">${options}</select></label>
<button type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>`;
}
