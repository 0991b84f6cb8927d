import { describe, expect, it } from 'vitest';
import { parseLocation } from './location';

describe('locations', () => {
  it('reads thumbnail, link and description; a description may hold a pipe', () => {
    expect(parseLocation('data:image/jpeg;base64,/9j/4AAQ|https://maps.google.com/maps?q=1,2|Loja | Centro')).toEqual({
      thumbnail: 'data:image/jpeg;base64,/9j/4AAQ',
      link: 'https://maps.google.com/maps?q=1,2',
      description: 'Loja | Centro',
    });
  });

  it('takes an empty thumbnail and no description', () => {
    expect(parseLocation('|https://maps.google.com/maps?q=1,2')).toEqual({ thumbnail: null, link: 'https://maps.google.com/maps?q=1,2', description: '' });
  });

  it('drops a link or image that is not http(s) or an image data URL', () => {
    expect(parseLocation('data:text/html;base64,PHNjcmlwdD4=|javascript:alert(1)|x')).toEqual({ thumbnail: null, link: null, description: 'x' });
  });

  it('shows a body without pipes as the description', () => {
    expect(parseLocation('Av. Paulista')).toEqual({ thumbnail: null, link: null, description: 'Av. Paulista' });
  });
});
