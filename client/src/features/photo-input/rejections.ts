import { SYSTEM_FILE_CODE, type UploadLimits } from './limits.ts';

/** Translation key in the photo namespace (`rejections.<key>`) and its values; `count` picks the plural. */
export type RejectionMessage =
  | { key: 'invalidType'; values: { types: string } }
  | { key: 'tooLarge' | 'tooSmall' | 'tooMany'; values: { count: number } }
  | { key: 'other'; values: { message: string } };

interface DropError {
  code: string;
  message: string;
}

/**
 * One rejection code → the message to show (docs/product.md R50: 'File type must be ...', 'File is larger than
 * N bytes', 'File is smaller than N bytes', 'Too many files'). The numbers come from our limits, not
 * from the library's English text; an unknown code keeps the library's message.
 */
export function rejectionMessage(error: DropError, limits: UploadLimits, typeList: string): RejectionMessage {
  switch (error.code) {
    case 'file-invalid-type':
      return { key: 'invalidType', values: { types: typeList } };
    case 'file-too-large':
      return { key: 'tooLarge', values: { count: limits.maxSize ?? 0 } };
    case 'file-too-small':
      return { key: 'tooSmall', values: { count: limits.minSize ?? 0 } };
    case 'too-many-files':
      return { key: 'tooMany', values: { count: limits.maxFiles ?? 1 } };
    default:
      return { key: 'other', values: { message: error.message } };
  }
}

interface RejectionGroup {
  message: RejectionMessage;
  files: string[];
}

/**
 * Every rejection of one drop, grouped by message so 'Too many files' is said once with the file names
 * after it. System files are left out: they are ignored, not refused.
 */
export function describeRejections(
  rejections: readonly { file: { name: string }; errors: readonly DropError[] }[],
  limits: UploadLimits,
  typeList: string,
): RejectionGroup[] {
  const groups = new Map<string, RejectionGroup>();
  for (const { file, errors } of rejections) {
    if (errors.some((error) => error.code === SYSTEM_FILE_CODE)) continue;
    for (const error of errors) {
      const message = rejectionMessage(error, limits, typeList);
      const id = JSON.stringify(message);
      const group = groups.get(id) ?? { message, files: [] };
      if (!group.files.includes(file.name)) group.files.push(file.name);
      groups.set(id, group);
    }
  }
  return [...groups.values()];
}
