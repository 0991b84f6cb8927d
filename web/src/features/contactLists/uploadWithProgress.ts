import { ApiError } from '../../api/ApiError';
import { endSession, refreshToken } from '../../api/client';
import { getToken } from '../../api/session';

/** How far an upload got: bytes sent of the file's total (the browser's own figures). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

function sendOnce<T>(path: string, form: FormData, onProgress: (p: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new ApiError(0, 'ERR_NETWORK'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const body = (data ?? {}) as { error?: unknown; details?: unknown };
      reject(new ApiError(xhr.status, typeof body.error === 'string' ? body.error : `HTTP ${xhr.status}`, body.details));
    };
    xhr.send(form);
  });
}

/**
 * Sends `file` as the multipart field `field`, telling how many bytes went (fetch tells nothing of an upload's
 * progress, XMLHttpRequest does). An expired token is refreshed and the upload sent once more, as `api` does.
 */
export async function uploadWithProgress<T>(path: string, field: string, file: File, onProgress: (p: UploadProgress) => void): Promise<T> {
  const form = new FormData();
  form.append(field, file, file.name);
  try {
    return await sendOnce<T>(path, form, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) endSession();
    if (error.status !== 403 || error.code !== 'ERR_SESSION_EXPIRED') throw error;
    await refreshToken();
    return sendOnce<T>(path, form, onProgress);
  }
}
