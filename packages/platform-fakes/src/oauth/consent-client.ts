export interface ConsentAnswer {
  decision: 'approve' | 'deny';
  /** The signed-in user's id; the page's first when absent. */
  userId?: string | undefined;
  /** Boxes to untick: scopes by name, choices by value. */
  untick?: readonly string[] | undefined;
  /** Radio choices to make, by value (the page's first is chosen otherwise). */
  choose?: readonly string[] | undefined;
}

/**
 * Fills in a fake's consent page (consent-page.ts) as a browser would: every hidden field, the
 * ticked boxes minus those to untick, the user and the button pressed. The platform's redirect
 * back, not followed.
 */
export async function submitConsent(url: string, answer: ConsentAnswer): Promise<URL> {
  const page = await fetch(url);
  if (!page.ok) throw new Error(`The consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('No consent form on the page');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form.append(unescapeHtml(name ?? ''), unescapeHtml(value ?? ''));
  for (const [, name, value] of html.matchAll(
    /<input type="checkbox" name="([^"]*)" value="([^"]*)" checked>/g,
  )) {
    const field = unescapeHtml(value ?? '');
    if (!answer.untick?.includes(field)) form.append(unescapeHtml(name ?? ''), field);
  }
  const radios = [...html.matchAll(/<input type="radio" name="([^"]*)" value="([^"]*)"( checked)?>/g)].map(
    ([, name, value, checked]) => ({
      name: unescapeHtml(name ?? ''),
      value: unescapeHtml(value ?? ''),
      checked: Boolean(checked),
    }),
  );
  for (const name of new Set(radios.map((r) => r.name))) {
    const group = radios.filter((r) => r.name === name);
    const chosen = group.find((r) => answer.choose?.includes(r.value)) ?? group.find((r) => r.checked);
    if (chosen) form.append(name, chosen.value);
  }
  form.append('user_id', answer.userId ?? unescapeHtml(/<option value="([^"]*)"/.exec(html)?.[1] ?? ''));
  form.append('decision', answer.decision);
  const back = await fetch(new URL(unescapeHtml(action), url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = back.headers.get('location');
  if (back.status !== 302 || !location)
    throw new Error(`The consent form answered ${back.status}: ${await back.text()}`);
  return new URL(location);
}

function unescapeHtml(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}
