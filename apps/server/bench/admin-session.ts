/**
 * Signs in as the bootstrap admin and, as its first sign-in requires, chooses a new password.
 * Returns the access token of that session, which the password change keeps.
 */
export async function adminSession(base: string, password: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const { accessToken } = (await post('/control/user/login', { username: 'admin', password })) as {
    accessToken: string;
  };
  await post(
    '/control/user/pass/update',
    { oldPassword: password, newPassword: `${password}#` },
    accessToken,
  );
  return accessToken;
}
