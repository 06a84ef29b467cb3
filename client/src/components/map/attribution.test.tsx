import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attributionNodes, CONTRIBUTORS_LINK } from './attribution.tsx';

const html = (source: string) => render(<p>{attributionNodes(source)}</p>).container.innerHTML;

describe('attributionNodes', () => {
  it('keeps the text and the links of the default OpenStreetMap attribution', () => {
    expect(
      html('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    ).toBe('<p>© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors</p>');
  });

  it('keeps plain text as text', () => {
    expect(html('Placeholder tiles')).toBe('<p>Placeholder tiles</p>');
  });

  it('drops every other element and attribute, keeping their text', () => {
    expect(
      html(
        '<b onclick="alert(1)">Tiles</b> <a href="https://a.example" onmouseover="x()" style="color:red">A</a><script>alert(2)</script><img src=x onerror="alert(3)">',
      ),
    ).toBe('<p>Tiles <a href="https://a.example">A</a></p>');
  });

  it('turns a link to anything but http(s) into its text', () => {
    expect(html('<a href="javascript:alert(1)">Click</a> and <a href="/local">here</a>')).toBe(
      '<p>Click and here</p>',
    );
  });

  it.each([
    [
      '{{link}} contributors',
      'en',
      '<p>© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors</p>',
    ],
    [
      'colaboradores de {{link}}',
      'es',
      '<p>© colaboradores de <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a></p>',
    ],
    [
      '{{link}} 貢獻者',
      'zh',
      '<p>© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> 貢獻者</p>',
    ],
  ])('words the OpenStreetMap credit "%s" (%s), keeping its link', (template, _language, expected) => {
    const contributors = template.replace('{{link}}', CONTRIBUTORS_LINK);
    expect(
      render(
        <p>
          {attributionNodes(
            '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
            contributors,
          )}
        </p>,
      ).container.innerHTML,
    ).toBe(expected);
  });

  it('leaves an attribution without the English word as it is', () => {
    expect(
      render(
        <p>
          {attributionNodes(
            'Tiles <a href="https://t.example">Example</a>',
            `colaboradores de ${CONTRIBUTORS_LINK}`,
          )}
        </p>,
      ).container.innerHTML,
    ).toBe('<p>Tiles <a href="https://t.example">Example</a></p>');
  });
});
