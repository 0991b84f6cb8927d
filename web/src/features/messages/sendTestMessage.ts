/** The external API's send route (issue 10); the console serves the page, the API the route, on one origin. */
export const SEND_PATH = '/api/messages/send';

/** What the API answered: the HTTP status, and the catalogue code and message of a refusal. */
export interface SendAnswer {
  ok: boolean;
  status: number;
  code?: string;
  message?: string;
}

/**
 * Sends a test message as another system would: with the connection's token, not the console's session. That is why
 * it calls `fetch` itself: the console's client would send the signed-in user's token and refresh it on a 403.
 */
export async function sendTestMessage(token: string, payload: { number: string; body: string } | FormData): Promise<SendAnswer> {
  const multipart = payload instanceof FormData;
  let response: Response;
  try {
    response = await fetch(SEND_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(multipart ? {} : { 'Content-Type': 'application/json' }) },
      // No cookies: the call must stand on the token alone, as it will from another system.
      credentials: 'omit',
      body: multipart ? payload : JSON.stringify(payload),
    });
  } catch {
    return { ok: false, status: 0, code: 'ERR_NETWORK' };
  }
  let data: { error?: unknown; message?: unknown } = {};
  try {
    data = ((await response.json()) as typeof data | null) ?? {};
  } catch {
    // A body that is not JSON (a proxy's page): the status says enough.
  }
  return {
    ok: response.ok,
    status: response.status,
    code: typeof data.error === 'string' ? data.error : undefined,
    message: typeof data.message === 'string' ? data.message : undefined,
  };
}
