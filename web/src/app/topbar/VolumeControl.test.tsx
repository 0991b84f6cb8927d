import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { renderSignedIn } from '../../test/renderSignedIn';
import { normaliseVolume } from './volume';
import { VolumeControl } from './VolumeControl';

const handle = () => screen.getByRole('slider', { name: 'Notification volume' });

describe('volume control', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('starts at the stored volume and saves each step of 0.1 under `volume`', async () => {
    localStorage.setItem('volume', '0.3');
    renderSignedIn(<VolumeControl />);
    await userEvent.click(screen.getByTestId('volume-button'));
    expect(handle().getAttribute('aria-valuenow')).toBe('0.3');
    expect(handle().getAttribute('aria-valuemin')).toBe('0');
    expect(handle().getAttribute('aria-valuemax')).toBe('1');

    fireEvent.keyDown(handle(), { key: 'ArrowRight', which: 39, keyCode: 39 });
    expect(localStorage.getItem('volume')).toBe('0.4');
    expect(handle().getAttribute('aria-valuenow')).toBe('0.4');

    fireEvent.keyDown(handle(), { key: 'ArrowLeft', which: 37, keyCode: 37 });
    fireEvent.keyDown(handle(), { key: 'ArrowLeft', which: 37, keyCode: 37 });
    expect(localStorage.getItem('volume')).toBe('0.2');
  });

  it('starts at full volume when nothing is stored', async () => {
    renderSignedIn(<VolumeControl />);
    await userEvent.click(screen.getByTestId('volume-button'));
    expect(handle().getAttribute('aria-valuenow')).toBe('1');
  });

  it('keeps any stored or chosen value within 0 to 1, on a step', () => {
    expect([normaliseVolume(-1), normaliseVolume(2), normaliseVolume(0.1 + 0.2), normaliseVolume(Number.NaN), normaliseVolume(0.04)]).toEqual([0, 1, 0.3, 1, 0]);
  });
});
