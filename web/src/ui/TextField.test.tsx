import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels its input, shows the helper and passes what is typed', async () => {
    const onChange = vi.fn();
    render(<TextField id="plan-name" label="Name" name="name" value="" onChange={onChange} helper="As the customers see it" />);
    const input = screen.getByLabelText('Name');
    expect(input).toBe(screen.getByTestId('plan-name'));
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('As the customers see it')).toBeTruthy();
    await userEvent.type(input, 'G');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows the error instead of the helper, and marks the input invalid', () => {
    render(<TextField id="plan-name" label="Name" value="" onChange={() => undefined} helper="As the customers see it" error="is required" />);
    expect(screen.getByText('is required')).toBeTruthy();
    expect(screen.queryByText('As the customers see it')).toBeNull();
    expect(screen.getByTestId('plan-name').getAttribute('aria-invalid')).toBe('true');
  });
});
