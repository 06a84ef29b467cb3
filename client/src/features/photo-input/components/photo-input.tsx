import { useEffect, useId, useRef, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { directUpload } from '../api/direct-upload.ts';
import {
  dropzoneLimits,
  formatFileSize,
  formatTypeList,
  PICTURE_LIMITS,
  SYSTEM_FILE_CODE,
  systemFileValidator,
  type UploadLimits,
} from '../limits.ts';
import { describeRejections } from '../rejections.ts';
import { uploadErrorText } from '../upload-error.ts';
import { useObjectUrl } from '../use-object-url.ts';
import { type Upload, useUploadQueue } from '../use-upload-queue.ts';
import '../photo-input.css';

interface PhotoInputProps {
  /** The group's visible name, e.g. 'Picture'. */
  label: string;
  /** The signed id the form will send: the saved picture's, a new upload's, or null for none. */
  value: string | null;
  /** Where the saved picture is served, shown while no new file is chosen. */
  currentUrl: string | null;
  onChange: (value: string | null) => void;
  /** True while a file is still being sent: the form must wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** The server's message about this field, already formatted. */
  error?: string;
  limits?: UploadLimits;
  /** How a file is sent; the direct-upload protocol unless a test says otherwise. */
  upload?: Upload<File>;
}

type Notice = { kind: 'removed' } | { kind: 'cancelled' } | { kind: 'ignored'; names: string[] };
type Refusal = { file: { name: string }; errors: { code: string; message: string }[] };

/**
 * One photo, by drag-and-drop or the file dialog (click, Enter or Space), with preview, spinner, remove
 * button and the upload states of docs/product.md R50. The drop area is react-dropzone; it is disabled once a
 * file is chosen or a picture exists, so only one photo is ever held.
 */
export function PhotoInput({
  label,
  value,
  currentUrl,
  onChange,
  onBusyChange,
  error,
  limits = PICTURE_LIMITS,
  upload = directUpload,
}: PhotoInputProps) {
  const { t, i18n } = useTranslation('photo');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const queue = useUploadQueue(upload);
  const item = queue.items[0];
  const previewUrl = useObjectUrl(item?.file);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [focusDropArea, setFocusDropArea] = useState(false);

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (item?.status === 'uploaded' && item.signedId) onChangeRef.current(item.signedId);
  }, [item?.status, item?.signedId]);

  const onBusyChangeRef = useRef(onBusyChange);
  onBusyChangeRef.current = onBusyChange;
  useEffect(() => onBusyChangeRef.current?.(queue.busy), [queue.busy]);

  const disabled = Boolean(item) || value !== null;
  const dropzone = useDropzone({
    ...dropzoneLimits(limits),
    disabled,
    validator: systemFileValidator,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      const isSystem = (r: FileRejection) => r.errors.some((e) => e.code === SYSTEM_FILE_CODE);
      const refused = rejected.filter((r) => !isSystem(r));
      const ignored = rejected.filter(isSystem).map((r) => r.file.name);
      setRefusals(
        refused.map((r) => ({
          file: { name: r.file.name },
          errors: r.errors.map(({ code, message }) => ({ code, message })),
        })),
      );
      setNotice(
        ignored.length && !accepted.length && !refused.length ? { kind: 'ignored', names: ignored } : null,
      );
      if (accepted.length) queue.add(accepted);
    },
    onFileDialogCancel: () => setNotice({ kind: 'cancelled' }),
  });
  const { getRootProps, getInputProps, rootRef, isFocused, isFileDialogActive, isDragActive } = dropzone;
  // react-dropzone keeps isDragReject after a refused file; here accept and reject describe a drag only.
  const isDragAccept = isDragActive && dropzone.isDragAccept;
  const isDragReject = isDragActive && dropzone.isDragReject;

  // After Remove, the button is gone: keyboard focus goes to the drop area, which is usable again.
  useEffect(() => {
    if (focusDropArea && !disabled) {
      rootRef.current?.focus();
      setFocusDropArea(false);
    }
  }, [focusDropArea, disabled, rootRef]);

  function remove() {
    if (item) queue.remove(item.id);
    setRefusals([]);
    setNotice({ kind: 'removed' });
    setFocusDropArea(true);
    onChange(null);
  }

  const typeList = formatTypeList(limits.accept, language);
  const messages = describeRejections(refusals, limits, typeList).map(({ message, files }) =>
    t('rejections.withFiles', {
      message: t(`rejections.${message.key}`, message.values),
      files: files.join(', '),
    }),
  );
  if (item?.status === 'failed') messages.push(uploadErrorText(item.error, t));
  if (error) messages.push(error);

  const state = disabled
    ? 'disabled'
    : isDragReject
      ? 'reject'
      : isDragAccept
        ? 'accept'
        : isDragActive
          ? 'drag'
          : isFileDialogActive
            ? 'dialog'
            : isFocused
              ? 'focused'
              : 'idle';
  const className = [
    'photo-drop',
    isFocused && 'photo-drop--focused',
    isFileDialogActive && 'photo-drop--dialog',
    isDragActive && 'photo-drop--drag',
    isDragAccept && 'photo-drop--accept',
    isDragReject && 'photo-drop--reject',
    disabled && 'photo-drop--disabled',
  ]
    .filter(Boolean)
    .join(' ');

  const status = item
    ? t(`status.${item.status}`, { name: item.file.name })
    : notice?.kind === 'ignored'
      ? t('status.ignored', { names: notice.names.join(', ') })
      : notice
        ? t(`status.${notice.kind}`)
        : '';
  const shownUrl = item ? previewUrl : value !== null ? currentUrl : null;
  const uploading = item?.status === 'uploading' || item?.status === 'pending';

  return (
    <fieldset className={`photo-input${uploading ? ' photo-input--uploading' : ''}`}>
      <legend>{label}</legend>
      <p id={hintId} className="field-hint">
        {t('hint', { types: typeList, size: formatFileSize(limits.maxSize ?? 0, language) })}
      </p>
      {(item || value !== null) && (
        <div className="photo-input__preview">
          {shownUrl && (
            <div className="photo-input__frame">
              <img src={shownUrl} alt={item ? t('previewNew') : t('previewCurrent')} />
              {uploading && <span className="photo-input__spinner" aria-hidden="true" />}
            </div>
          )}
          <div className="photo-input__actions">
            {item?.status === 'failed' && (
              <button type="button" className="button" onClick={() => queue.retry(item.id)}>
                {t('retry')}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={remove}>
              {t('remove')}
            </button>
          </div>
        </div>
      )}
      <div
        {...getRootProps({
          className,
          role: 'button',
          'aria-disabled': disabled || undefined,
          'aria-describedby': messages.length ? `${hintId} ${errorId}` : hintId,
          'data-state': state,
          'data-focused': isFocused || undefined,
          'data-dialog-open': isFileDialogActive || undefined,
          'data-drag-active': isDragActive || undefined,
          'data-accept': isDragAccept || undefined,
          'data-reject': isDragReject || undefined,
        })}
      >
        <svg className="photo-drop__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 3l5 5h-3v6h-4V8H7l5-5zM5 17h14v2H5z" />
        </svg>
        <span className="photo-drop__text">{t(`drop.${state}`)}</span>
        {state === 'idle' && <span className="photo-drop__more">{t('drop.idleMore')}</span>}
      </div>
      {/* Outside the button: a control inside a control is unreachable for assistive technology. */}
      <input {...getInputProps({ 'aria-label': t('fileInput'), style: { display: 'none' } })} />
      <p role="status" className="photo-input__status">
        {status}
      </p>
      <div id={errorId} role="alert" className="photo-input__errors">
        {messages.length > 0 && (
          <ul>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
