import type { Message } from '@atendo/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { MessageBubble } from './MessageBubble';

const PNG_THUMB = 'data:image/png;base64,iVBORw0KGgo=';

describe('message bubble', () => {
  let calls: FakeCall[];
  let served: Record<string, number>;
  let objectUrls: number;

  beforeEach(() => {
    localStorage.setItem('token', 'jwt');
    served = {};
    objectUrls = 0;
    URL.createObjectURL = vi.fn(() => `blob:media-${++objectUrls}`);
    URL.revokeObjectURL = vi.fn();
    ({ calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url.startsWith('/public/') && !call.url.includes('gone')) {
        served[call.url] = (served[call.url] ?? 0) + 1;
        return { body: 'file bytes' };
      }
      if (call.method === 'POST' && call.url === '/messages/1') return { status: 201, body: message('m2', 1, { fromMe: true }) };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    }));
  });

  afterEach(() => vi.unstubAllGlobals());

  const show = (change: Partial<Message>) => render(<MessageBubble message={message('m1', 1, change)} />);

  it('shows an image fetched with the token, its caption, and opens it full size', async () => {
    show({ mediaType: 'image', mediaUrl: '/public/company-7/2026/11/photo.png', body: 'Our new shop' });
    const img = await screen.findByRole<HTMLImageElement>('img', { name: 'Our new shop' });
    expect(img.getAttribute('src')).toBe('blob:media-1');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/public/company-7/2026/11/photo.png', token: 'jwt' });
    expect(screen.getByText('Our new shop', { selector: '.message-body' })).toBeTruthy();

    await userEvent.click(screen.getByTitle('Open the image full size'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Our new shop' }).getAttribute('src')).toBe('blob:media-1');
  });

  it('does not repeat a file name as a caption, and fetches a file shown again only once', async () => {
    const first = show({ mediaType: 'image', mediaUrl: '/public/company-7/2026/11/again.jpg', body: 'IMG_0042.jpg' });
    await screen.findByRole('img', { name: 'IMG_0042.jpg' });
    expect(document.querySelector('.message-body')).toBeNull();
    first.unmount();

    show({ mediaType: 'image', mediaUrl: '/public/company-7/2026/11/again.jpg', body: 'IMG_0042.jpg' });
    expect(screen.getByRole('img', { name: 'IMG_0042.jpg' }).getAttribute('src')).toBe('blob:media-1');
    expect(served['/public/company-7/2026/11/again.jpg']).toBe(1);
  });

  it('says the media is unavailable when the file is gone', async () => {
    show({ mediaType: 'image', mediaUrl: '/public/company-7/2026/11/gone.png', body: '' });
    expect(await screen.findByText('Media unavailable')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('plays audio and video in the bubble', async () => {
    show({ mediaType: 'audio', mediaUrl: '/public/company-7/2026/11/voice.mp3', body: 'voice.mp3' });
    await waitFor(() => expect(screen.getByTestId('message-audio').getAttribute('src')).toBe('blob:media-1'));
    expect(screen.getByTestId<HTMLAudioElement>('message-audio').controls).toBe(true);
    show({ mediaType: 'video', mediaUrl: '/public/company-7/2026/11/clip.mp4', body: 'Look' });
    await waitFor(() => expect(screen.getByTestId('message-video').getAttribute('src')).toBe('blob:media-2'));
  });

  it('offers a document for download under its name', async () => {
    show({ mediaType: 'application', mediaUrl: '/public/company-7/2026/11/ab12.pdf', body: 'Invoice March.pdf' });
    expect(screen.getByText('Invoice March.pdf')).toBeTruthy();
    // Blueprint's AnchorButton: an <a> that says it is a button.
    const link = await screen.findByRole('button', { name: 'Download' });
    expect(link.tagName).toBe('A');
    await waitFor(() => expect(link.getAttribute('href')).toBe('blob:media-1'));
    expect(link.getAttribute('download')).toBe('Invoice March.pdf');
  });

  it('shows a location with its thumbnail, description and a link to the map', () => {
    show({ mediaType: 'locationMessage', body: `${PNG_THUMB}|https://maps.google.com/maps?q=-23.5,-46.6&z=17|Av. Paulista, 1000` });
    expect(screen.getByText('Av. Paulista, 1000')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Location' }).getAttribute('src')).toBe(PNG_THUMB);
    const link = screen.getByRole('link', { name: 'Open map' });
    expect(link.getAttribute('href')).toBe('https://maps.google.com/maps?q=-23.5,-46.6&z=17');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(calls).toEqual([]);
  });

  it('puts neither a script link nor a foreign image in a location card', () => {
    show({ mediaType: 'locationMessage', body: 'https://evil.example/x.png|javascript:alert(1)|Here' });
    expect(screen.getByText('Here')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows a contact card per vCard with the name and phone numbers, as text', () => {
    const body = [
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Maria <b>Silva</b>\r\nitem1.TEL;waid=5511987654321:+55 11 98765-4321\r\nEND:VCARD',
      'BEGIN:VCARD\nVERSION:3.0\nN:Souza;João;;;\nTEL;TYPE=CELL:+55 21 3333-4444\nTEL:+55 21 99999-0000\nEND:VCARD',
    ].join('\n');
    show({ mediaType: 'contactMessage', body });
    const cards = screen.getAllByTestId('message-contact');
    expect(cards.map((c) => c.textContent?.trim())).toEqual(['Maria <b>Silva</b>+55 11 98765-4321', 'João Souza+55 21 3333-4444+55 21 99999-0000']);
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: '+55 11 98765-4321' }).getAttribute('href')).toBe('tel:+5511987654321');
  });

  it('shows a call as a line with its kind', () => {
    show({ mediaType: 'call_log', body: 'Video call' });
    expect(screen.getByTestId('message-call').textContent).toContain('Video call');
  });

  it('says why one of our messages failed, and sends its text again', async () => {
    show({ fromMe: true, failed: true, ack: 0, body: 'Your order shipped', failureReason: 'WhatsApp refused the message (463)' });
    expect(screen.getByText('Not sent: WhatsApp refused the message (463)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByText('Sent again')).toBeTruthy());
    expect(calls).toEqual([{ method: 'POST', url: '/messages/1', token: 'jwt', body: { body: 'Your order shipped' } }]);
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('offers no resend for a customer message or one of ours that went', () => {
    show({ fromMe: false, failed: false });
    show({ fromMe: true, failed: false, ack: 2 });
    expect(screen.queryByTestId('message-failure')).toBeNull();
  });
});
