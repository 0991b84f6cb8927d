import { ApiError } from '../../api/ApiError';
import { endSession, refreshToken } from '../../api/client';
import { getToken } from '../../api/session';

/**
 * client.ts sends and reads JSON only. These two send a file (multipart/form-data) and read one (a Blob) with the
 * stored token the way client.ts does: a 403 refreshes the token and retries once, a 401 ends the session, an error
 * answer becomes an ApiError with its catalogue code.
 */
async function authorised(method: string, path: string, body?: FormData, cache?: RequestCache): Promise<Response> {
  const attempt = async (token: string | null) => {
    try {
      // No Content-Type: the browser writes multipart's own, with its boundary.
      return await fetch(path, { method, body, cache, credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError(0, 'ERR_NETWORK');
    }
  };
  const token = getToken();
  let response = await attempt(token);
  if (response.status === 403) {
    if (getToken() === token) await refreshToken();
    response = await attempt(getToken());
  }
  if (response.status === 401) endSession();
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { error?: unknown; details?: unknown };
    throw new ApiError(response.status, typeof data.error === 'string' ? data.error : `HTTP ${response.status}`, data.details);
  }
  return response;
}

/** Posts `file` as the multipart field `field`; answers the JSON the server sends back. */
export async function postFile<T>(path: string, field: string, file: File): Promise<T> {
  const form = new FormData();
  form.append(field, file, file.name);
  const response = await authorised('POST', path, form);
  return (await response.json()) as T;
}

/** A file the server keeps behind the token (an <img> cannot send it); asked again each time, since it may change. */
export async function getBlob(path: string): Promise<Blob> {
  return (await authorised('GET', path, undefined, 'no-cache')).blob();
}
