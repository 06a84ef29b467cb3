import { describe, expect, it } from 'vitest';
import { flashState, readFlash } from './flash.ts';

describe('readFlash', () => {
  it('reads our keys', () => {
    expect(readFlash(flashState('checkEmail'))).toEqual({ key: 'checkEmail' });
    expect(readFlash({ flash: 'passwordSaved' })).toEqual({ key: 'passwordSaved' });
  });
  it('keeps a text from elsewhere as it is', () => {
    expect(readFlash({ flash: 'Signed out.' })).toEqual({ text: 'Signed out.' });
  });
  it.each([[null], [undefined], [{}], [{ flash: '' }], [{ flash: '  ' }], [{ flash: 3 }], ['checkEmail']])(
    'finds nothing in %j',
    (state) => {
      expect(readFlash(state)).toBeNull();
    },
  );
});
