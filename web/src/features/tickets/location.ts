/** A shared location as the spec stores it: `thumbnail|link|description`, the thumbnail a data URL or empty. */
export interface SharedLocation {
  /** A base64 image data URL, only when it is one (never any other scheme). */
  thumbnail: string | null;
  /** An http(s) link to the map, only when it is one. */
  link: string | null;
  description: string;
}

const IMAGE_DATA_URL = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

function httpLink(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A location body read safely: a part that is not what it should be is left out rather than put in an href or src. */
export function parseLocation(body: string): SharedLocation {
  // Not in the pipe-separated form: all of it is the description.
  if (!body.includes('|')) return { thumbnail: null, link: null, description: body.trim() };
  // A description may itself hold a pipe: everything after the second one is description.
  const [thumbnail = '', link = '', ...rest] = body.split('|');
  return {
    thumbnail: IMAGE_DATA_URL.test(thumbnail.trim()) ? thumbnail.trim() : null,
    link: httpLink(link.trim()),
    description: rest.join('|').trim(),
  };
}
