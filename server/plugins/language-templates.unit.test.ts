import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languageTemplates } from './pages/html.ts';

/** A Spanish or Chinese page preloads its language's words with the first bundle (decision 044). */
describe('languageTemplates', () => {
  const template = '<html lang="en"><head><title>x</title></head><body></body></html>';

  it('adds the language chunk to Spanish and Chinese pages only', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-templates-'));
    fs.mkdirSync(path.join(root, 'assets'));
    for (const file of ['words-es-Ab12.js', 'words-zh-Cd34.js', 'index-Ef56.js']) {
      fs.writeFileSync(path.join(root, 'assets', file), '');
    }
    const templates = languageTemplates(template, root);
    expect(templates.en).toBe(template);
    expect(templates.es).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/words-es-Ab12.js"></head>',
    );
    expect(templates.zh).toContain('href="/assets/words-zh-Cd34.js"');
    expect(templates.zh).not.toContain('words-es');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('leaves the template as it is without a built client', () => {
    expect(languageTemplates(template, '/nonexistent').es).toBe(template);
    expect(languageTemplates(undefined, '/nonexistent').es).toBeUndefined();
  });
});
