import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary, type SummaryError } from './error-summary.tsx';

function Form({ failures }: { failures: SummaryError[] }) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const [attempt, setAttempt] = useState(0);
  return (
    <>
      <ErrorSummary title="There is a problem" errors={errors} form={form} attempt={attempt} />
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          setErrors(failures);
          setAttempt((n) => n + 1);
        }}
      >
        <label>
          Name
          <input name="name" />
        </label>
        <label>
          Address
          <input name="address" />
        </label>
        <fieldset>
          <legend>Hours</legend>
          <p data-field="Hours" tabIndex={-1}>
            Hours problem
          </p>
        </fieldset>
        <button type="submit">Submit</button>
      </form>
    </>
  );
}

describe('the error summary', () => {
  it('is absent while there is no error', () => {
    render(<Form failures={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('takes focus on each failed attempt and links every error to its field', () => {
    render(
      <Form
        failures={[
          { field: 'name', text: 'Enter the site’s name' },
          { field: 'address', text: 'Enter the site’s address' },
          { field: 'Hours.0.close', text: 'Hours: Must be after the opening time.' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const region = screen.getByRole('region', { name: 'There is a problem' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'There is a problem' }));
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Enter the site’s name',
      'Enter the site’s address',
      'Hours: Must be after the opening time.',
    ]);
    expect(region.contains(links[0] ?? null)).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Enter the site’s address' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Address'));
    // A nested key reaches the element marked with its top-level field.
    fireEvent.click(screen.getByRole('link', { name: 'Hours: Must be after the opening time.' }));
    expect(document.activeElement?.textContent).toBe('Hours problem');

    // A second failure takes focus back to the summary.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'There is a problem' }));
  });
});
