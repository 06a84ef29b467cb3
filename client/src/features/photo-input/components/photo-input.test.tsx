import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { FILE_DIALOG_CANCEL_DELAY_MS } from '#shared/constants.ts';
import { PICTURE_LIMITS, type UploadLimits } from '../limits.ts';
import { PhotoInput } from './photo-input.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const png = (name = 'me.png', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** A parent form holding the value, as the account form does. */
function Harness(props: {
  initial?: string | null;
  currentUrl?: string | null;
  limits?: UploadLimits;
  upload: (file: File, signal: AbortSignal) => Promise<string>;
  onChange?: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <I18nextProvider i18n={i18n}>
      <PhotoInput
        label="Picture"
        value={value}
        currentUrl={props.currentUrl ?? null}
        limits={props.limits}
        upload={props.upload}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
      <p>Form value: {String(value)}</p>
    </I18nextProvider>
  );
}

const dropArea = () => document.querySelector<HTMLElement>('[data-state]')!;
const status = () => screen.getByRole('status').textContent;
const alertText = () => screen.getByRole('alert').textContent;

/** A drop as the browser makes it: files in a DataTransfer whose types include 'Files'. */
async function drop(files: File[]) {
  const dataTransfer = {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: ['Files'],
  };
  await act(async () => {
    fireEvent.drop(dropArea(), { dataTransfer });
  });
}

/** What the form holds for the field, as the page around the input would see it. */
const formValue = () => screen.getByText(/^Form value: /).textContent?.slice('Form value: '.length);

describe('PhotoInput', () => {
  it('uploads a dropped picture, shows its preview and a spinner, then holds its signed id', async () => {
    const answer = deferred<string>();
    const upload = vi.fn((_file: File, _signal: AbortSignal) => answer.promise);
    const onChange = vi.fn();
    render(<Harness upload={upload} onChange={onChange} />);
    expect(dropArea().getAttribute('tabindex')).toBe('0');

    await drop([png()]);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toMatchObject({ name: 'me.png' });
    expect(status()).toBe('Uploading me.png…');
    const preview = screen.getByRole('img', { name: 'Preview of your new picture' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(document.querySelector('.photo-input__spinner')).not.toBeNull();
    // One photo only: the drop area is off as soon as a file is chosen.
    expect(screen.getByRole('button', { name: /one picture only/i }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    await act(async () => answer.resolve('12--signed'));
    expect(status()).toBe('me.png is uploaded. Save to keep it.');
    expect(onChange).toHaveBeenLastCalledWith('12--signed');
    expect(formValue()).toBe('12--signed');
    expect(document.querySelector('.photo-input__spinner')).toBeNull();
  });

  it('revokes the preview URL when the picture is removed, and removing clears the value', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    render(<Harness upload={async () => '12--signed'} />);
    await drop([png()]);
    await waitFor(() => expect(formValue()).toBe('12--signed'));
    const url = screen.getByRole('img').getAttribute('src');

    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(revoke).toHaveBeenCalledWith(url);
    expect(formValue()).toBe('null');
    expect(screen.queryByRole('img')).toBeNull();
    expect(dropArea().getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(dropArea());
    expect(status()).toBe('Picture removed. Save to keep this change.');
  });

  it('shows an existing picture and keeps the drop area off until it is removed', () => {
    render(<Harness initial="3--old" currentUrl="/uploads/abc" upload={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toBe(
      '/uploads/abc',
    );
    expect(screen.getByRole('button', { name: /one picture only/i }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(formValue()).toBe('null');
    expect(
      screen.getByRole('button', { name: /choose a picture/i }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it.each<[string, File[], UploadLimits, string]>([
    [
      'a file of another type',
      [new File(['hello'], 'notes.txt', { type: 'text/plain' })],
      PICTURE_LIMITS,
      'File type must be GIF, JPEG, or PNG (notes.txt)',
    ],
    [
      'a file over the maximum',
      [png('big.png', 11)],
      { ...PICTURE_LIMITS, maxSize: 10 },
      'File is larger than 10 bytes (big.png)',
    ],
    [
      'a file under the minimum',
      [png('tiny.png', 3)],
      { ...PICTURE_LIMITS, minSize: 4 },
      'File is smaller than 4 bytes (tiny.png)',
    ],
    [
      'two files for one photo',
      [png('a.png'), png('b.png')],
      PICTURE_LIMITS,
      'Too many files (a.png, b.png)',
    ],
  ])('refuses %s with its message and uploads nothing', async (_label, files, limits, message) => {
    const upload = vi.fn();
    render(<Harness upload={upload} limits={limits} />);
    await drop(files);
    expect(alertText()).toBe(message);
    expect(upload).not.toHaveBeenCalled();
    // Refused is not a drag state: the drop area still invites another try.
    expect(dropArea().getAttribute('data-state')).toBe('idle');
    expect(dropArea().textContent).toContain('Choose a picture');
    // The refusal is tied to the drop area for screen readers.
    const describedBy = dropArea().getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
  });

  it('ignores .DS_Store and Thumbs.db, even dropped with a picture', async () => {
    const upload = vi.fn(async (_file: File, _signal: AbortSignal) => '1--a');
    render(<Harness upload={upload} />);
    await drop([new File(['x'], 'Thumbs.db', { type: '' })]);
    expect(upload).not.toHaveBeenCalled();
    expect(alertText()).toBe('');

    // From the file dialog (react-dropzone only filters drops) and in any letter case, ours says so.
    const input = screen.getByLabelText('Picture file') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], '.DS_Store', { type: '' })] } });
    });
    expect(upload).not.toHaveBeenCalled();
    expect(alertText()).toBe('');
    expect(status()).toBe('.DS_Store is a system file and was ignored.');
    await drop([new File(['x'], 'thumbs.db', { type: '' })]);
    expect(alertText()).toBe('');
    expect(status()).toBe('thumbs.db is a system file and was ignored.');

    await drop([new File(['x'], '.DS_Store', { type: '' }), png()]);
    expect(alertText()).toBe('');
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0]).toMatchObject({ name: 'me.png' });
  });

  it('says why the server refused an upload and offers a retry', async () => {
    const upload = vi
      .fn<(file: File, signal: AbortSignal) => Promise<string>>()
      .mockRejectedValueOnce(
        new ApiError(422, 'invalid', [{ path: 'file', message: 'is not a valid image' }]),
      )
      .mockResolvedValueOnce('5--ok');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness upload={upload} />);
    await drop([png('fake.png')]);
    await waitFor(() => expect(alertText()).toBe('The picture could not be uploaded: is not a valid image'));
    expect(status()).toBe('fake.png was not uploaded.');

    fireEvent.click(screen.getByRole('button', { name: 'Try the upload again' }));
    await waitFor(() => expect(formValue()).toBe('5--ok'));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(alertText()).toBe('');
  });

  it('aborts an upload that is removed before it ends', async () => {
    let signal: AbortSignal | undefined;
    render(
      <Harness
        upload={(_file, s) => {
          signal = s;
          return new Promise(() => {});
        }}
      />,
    );
    await drop([png()]);
    expect(signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(signal?.aborted).toBe(true);
  });

  it('opens the file dialog from the keyboard and notices a cancelled dialog after 300 ms', () => {
    vi.useFakeTimers();
    render(<Harness upload={vi.fn()} />);
    const area = dropArea();
    act(() => area.focus());
    expect(area.getAttribute('data-focused')).toBe('true');
    expect(area.textContent).toContain('Press Enter or Space to choose a picture');

    fireEvent.keyDown(area, { key: 'Enter' });
    expect(area.getAttribute('data-dialog-open')).toBe('true');
    expect(area.textContent).toContain('Choosing a file…');

    // The browser gives focus back to the window when its dialog closes without a file.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    act(() => vi.advanceTimersByTime(FILE_DIALOG_CANCEL_DELAY_MS - 1));
    expect(area.getAttribute('data-dialog-open')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(area.getAttribute('data-dialog-open')).toBeNull();
    expect(status()).toBe('No file was chosen.');
  });

  it('shows drag states in words: accept for a picture, reject for anything else', async () => {
    render(<Harness upload={vi.fn()} />);
    const drag = async (type: string) => {
      await act(async () => {
        fireEvent.dragEnter(dropArea(), {
          dataTransfer: { items: [{ kind: 'file', type }], types: ['Files'], files: [] },
        });
      });
    };
    await drag('image/png');
    expect(dropArea().getAttribute('data-accept')).toBe('true');
    expect(dropArea().textContent).toContain('Drop the picture to upload it');
    await act(async () => {
      fireEvent.dragLeave(dropArea(), { dataTransfer: { types: ['Files'] } });
    });
    await drag('application/x-msdownload');
    expect(dropArea().getAttribute('data-reject')).toBe('true');
    expect(screen.getByRole('button', { name: /this file cannot be used/i })).toBe(dropArea());
  });
});
