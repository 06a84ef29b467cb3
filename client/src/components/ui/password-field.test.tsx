import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field.tsx';

describe('the password box', () => {
  it('shows and hides the password with a pressed toggle, keeping the caret, and hides it again on submit', () => {
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordField
          label="Password"
          showLabel="Show password"
          name="password"
          autoComplete="current-password"
          defaultValue="secret-123"
        />
        <button type="submit">Submit</button>
      </form>,
    );
    const box = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(box.type).toBe('password');
    expect(box.autocomplete).toBe('current-password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    box.focus();
    box.setSelectionRange(3, 3);
    fireEvent.click(toggle);
    expect(box.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect([box.selectionStart, box.selectionEnd]).toEqual([3, 3]);
    expect(box.value).toBe('secret-123');

    fireEvent.click(toggle);
    expect(box.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    // Shown when sent: a password manager still finds a password box.
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(box.type).toBe('password');
  });
});
