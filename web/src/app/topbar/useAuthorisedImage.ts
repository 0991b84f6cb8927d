import { useEffect, useState } from 'react';
import { getToken } from '../../api/session';

/**
 * An image the API serves only with the bearer token (an <img src> cannot send it): fetched, then shown from a
 * blob URL, which is released when the image goes. Undefined while loading or when it cannot be had.
 */
export function useAuthorisedImage(path: string | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path) return undefined;
    let objectUrl: string | undefined;
    let current = true;
    const token = getToken();
    fetch(path, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : undefined))
      .then((blob) => {
        if (!blob || !current) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [path]);
  return url;
}
