import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createPlainUser,
  expect,
  expectNoAxeViolations,
  loginThroughForm,
  test,
} from './support/fixtures.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const PICTURE_MAX_BYTES = 5_242_880;

/** A real PNG, made here so the server's image check has real bytes to read. */
function pngBytes(size = 48) {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 11, g: 83, b: 148 } } })
    .png()
    .toBuffer();
}

async function openAccount(page: Page, baseURL: string) {
  const user = await createPlainUser(baseURL);
  await loginThroughForm(page, user.email, user.password);
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();
  await nav(page).getByRole('link', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  return user;
}

/** Opens the file dialog from the drop area (click, or a key) and picks files there. */
async function choose(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer },
  how: 'click' | 'Enter' | ' ' = 'click',
) {
  const dropArea = page.getByRole('button', { name: /choose a picture/i });
  const chooser = page.waitForEvent('filechooser');
  if (how === 'click') await dropArea.click();
  else {
    await dropArea.focus();
    await page.keyboard.press(how === ' ' ? 'Space' : 'Enter');
  }
  await (await chooser).setFiles(files);
}

/** A real drag-and-drop of files onto the drop area, through a DataTransfer made in the page. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })),
  );
  await page.getByRole('button', { name: /choose a picture/i }).dispatchEvent('dragenter', { dataTransfer });
  return dataTransfer;
}

test('a new e-mail or password asks for the current password; a taken e-mail is refused beside the field, then the change is saved', async ({
  page,
  baseURL,
}) => {
  const other = await createPlainUser(baseURL!);
  const user = await openAccount(page, baseURL!);
  const currentPassword = page.getByLabel('Current password');
  await expect(page.getByLabel('First name')).toHaveValue('Uma');
  await expect(page.getByLabel('Last name')).toHaveValue('User');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // Only a change of e-mail or password asks for it.
  await expect(currentPassword).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('First name').fill('Ursula');
  await expect(currentPassword).toHaveCount(0);
  await page.getByLabel('Email').fill(other.email);
  await expect(currentPassword).toBeVisible();
  await expect(currentPassword).toHaveAttribute('type', 'password');

  // Without it, the server refuses, on that field.
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Summarised at the top, naming the field (docs/product.md R214).
  const summary = page.getByRole('region', { name: 'There is a problem' });
  await expect(summary.getByRole('heading')).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText('Enter your current password');
  await expect(currentPassword).toHaveAccessibleDescription(/Enter your current password$/);
  await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // With it, the taken address is the problem.
  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Is already taken.');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(currentPassword).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your account has been updated!')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Errors clear on the next submit; success says so, and the field goes away again.
  const renamed = `renamed-${Date.now()}@example.org`;
  await page.getByLabel('Email').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been updated!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'There is a problem' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(currentPassword).toHaveCount(0);

  // A new password is saved too, with the current one as proof, and the fields start empty again.
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /Minimum eight characters, at least one letter and one number\.$/,
  );
  await page.getByLabel('Password', { exact: true }).fill('changed-pass-5');
  await currentPassword.fill('not-my-password-1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(currentPassword).toHaveAccessibleDescription(/Is not correct\.$/);
  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your account has been updated!')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(currentPassword).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ursula');
  await expect(page.getByLabel('Email')).toHaveValue(renamed);
  await nav(page).getByRole('link', { name: 'Log out' }).click();
  await loginThroughForm(page, renamed, 'changed-pass-5');
  await expect(nav(page).getByRole('link', { name: 'Log out' })).toBeVisible();
});

test('a real PNG chosen in the file dialog: preview, save, and the picture served back', async ({
  page,
  baseURL,
}) => {
  await openAccount(page, baseURL!);
  await expect(page.getByRole('group', { name: 'Picture' })).toBeVisible();
  await choose(page, { name: 'me.png', mimeType: 'image/png', buffer: await pngBytes() });

  await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
  await expect(page.getByText('me.png is uploaded. Save to keep it.')).toBeVisible();
  // One photo only: the drop area is off while a file is held.
  await expect(page.getByRole('button', { name: /one picture only/i })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your account has been updated!')).toBeVisible();

  await page.reload();
  const picture = page.getByRole('img', { name: 'Your current picture' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const src = await picture.getAttribute('src');
  expect(src).toMatch(/^\/uploads\/[A-Za-z0-9_-]+$/);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\/png/);
  await expect(page.getByRole('button', { name: /one picture only/i })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // Removing clears the value; saved, the picture is gone.
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Picture removed. Save to keep this change.')).toBeVisible();
  await expect(page.getByRole('button', { name: /choose a picture/i })).toBeFocused();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your account has been updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /choose a picture/i })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your current picture' })).toHaveCount(0);
  // A removed picture is not public any more.
  expect((await page.request.get(src!)).status()).toBe(404);
});

test('each upload refusal has its message, by keyboard, file dialog and drag-and-drop', async ({
  page,
  baseURL,
}) => {
  await openAccount(page, baseURL!);
  const refusal = page.getByRole('alert').filter({ hasText: /\S/ });
  const dropArea = page.getByRole('button', { name: /choose a picture/i });

  await choose(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }, 'Enter');
  await expect(refusal).toHaveText('File type must be GIF, JPEG, or PNG (notes.txt)');
  await expect(dropArea).toHaveAccessibleDescription(/File type must be GIF, JPEG, or PNG \(notes\.txt\)/);

  await choose(
    page,
    { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ' ',
  );
  await expect(refusal).toHaveText('File type must be GIF, JPEG, or PNG (setup.exe)');

  const big = Buffer.concat([await pngBytes(), Buffer.alloc(PICTURE_MAX_BYTES)]);
  await choose(page, { name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(refusal).toHaveText(`File is larger than ${PICTURE_MAX_BYTES} bytes (big.png)`);
  await expectNoAxeViolations(page);

  // System files are ignored, not refused.
  await choose(page, { name: '.DS_Store', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await expect(page.getByText('.DS_Store is a system file and was ignored.')).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // Drag-and-drop: the drop area says whether it will take what is dragged over it.
  const png = await pngBytes();
  const two = await dropFiles(page, [
    { name: 'a.png', type: 'image/png', bytes: png },
    { name: 'b.png', type: 'image/png', bytes: png },
  ]);
  await expect(page.getByRole('button', { name: 'This file cannot be used' })).toBeVisible();
  await page.getByRole('button', { name: 'This file cannot be used' }).dispatchEvent('drop', {
    dataTransfer: two,
  });
  await expect(refusal).toHaveText('Too many files (a.png, b.png)');

  const one = await dropFiles(page, [{ name: 'dropped.png', type: 'image/png', bytes: png }]);
  const accepting = page.getByRole('button', { name: 'Drop the picture to upload it' });
  await expect(accepting).toBeVisible();
  await accepting.dispatchEvent('drop', { dataTransfer: one });
  await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
  await expect(page.getByText('dropped.png is uploaded. Save to keep it.')).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // The server checks the bytes too: a text file named .png is refused there.
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await choose(page, {
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(refusal).toHaveText('The picture could not be uploaded: is not a valid image');
  await expect(page.getByText('fake.png was not uploaded.')).toBeVisible();
});

test('My Account speaks Chinese, refusals included', async ({ page, baseURL }) => {
  await openAccount(page, baseURL!);
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '我的帳戶' })).toBeVisible();
  await expect(page.getByLabel('名字')).toHaveValue('Uma');
  const dropArea = page.getByRole('button', { name: /選擇相片/ });
  const chooser = page.waitForEvent('filechooser');
  await dropArea.click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    '檔案類型必須是 GIF、JPEG或PNG（notes.txt）',
  );
  await page.getByRole('button', { name: '儲存變更' }).click();
  await expect(page.getByText('您的帳戶已更新！')).toBeVisible();
  await expectNoAxeViolations(page);
});
