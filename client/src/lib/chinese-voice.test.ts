import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Chinese reads as one voice (docs/glossary.md): the reader is addressed as 您 everywhere, never 你,
 * and "Closed now" is 現正休息 (現已關閉 reads as "has shut down for good"). Over the Chinese locale
 * files and every server-side text (e-mails, page texts) that may carry Chinese.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function files(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(relative, keep);
    return keep(relative) ? [relative] : [];
  });
}

const TEXTS = [
  ...files('shared/locales/zh', (file) => file.endsWith('.json')),
  ...files(
    'server',
    (file) => /\.(ts|html|txt)$/.test(file) && !/\.test\.ts$/.test(file) && !file.includes('/test/'),
  ),
];

/** The places a text says 你 (not as part of 您) or 現已關閉, as 'file:line: text'. */
function offVoice(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (/你|現已關閉/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

describe('Chinese in one voice', () => {
  it('finds the Chinese locale files and the server texts', () => {
    expect(TEXTS.filter((file) => file.includes('locales/zh')).length).toBeGreaterThan(10);
    expect(TEXTS).toContain(path.join('server', 'services', 'reset-email.ts'));
  });

  it('addresses the reader as 您 and says 現正休息 for "Closed now"', () => {
    const found = TEXTS.flatMap((file) => offVoice(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
    const common = JSON.parse(fs.readFileSync(path.join(root, 'shared/locales/zh/common.json'), 'utf8'));
    expect(common.status.closedNow).toBe('現正休息');
  });

  it('refuses 你 and 現已關閉, and lets 您 pass', () => {
    expect(offVoice('x', '請輸入您的密碼')).toEqual([]);
    expect(offVoice('x', 'a\n請輸入你的密碼')).toEqual(['x:2: 請輸入你的密碼']);
    expect(offVoice('x', '現已關閉')).toHaveLength(1);
  });
});
