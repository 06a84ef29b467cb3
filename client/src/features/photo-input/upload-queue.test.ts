import { describe, expect, it } from 'vitest';
import { currentUpload, isBusy, type UploadAction, type UploadItem, uploadQueue } from './upload-queue.ts';

type Item = UploadItem<string>;
const run = (actions: UploadAction<string>[], start: Item[] = []) => actions.reduce(uploadQueue, start);
const statuses = (items: Item[]) => items.map((item) => `${item.id}:${item.status}`);
const add = (...ids: string[]): UploadAction<string> => ({
  type: 'add',
  items: ids.map((id) => ({ id, file: `${id}.png` })),
});

describe('uploadQueue: pending → uploading → uploaded, one at a time', () => {
  it.each<[string, UploadAction<string>[], string[]]>([
    ['a first item starts at once', [add('a')], ['a:uploading']],
    ['later items wait', [add('a', 'b', 'c')], ['a:uploading', 'b:pending', 'c:pending']],
    [
      'the next starts when one is uploaded',
      [add('a', 'b'), { type: 'succeeded', id: 'a', signedId: 's-a' }],
      ['a:uploaded', 'b:uploading'],
    ],
    [
      'the next starts when one fails',
      [add('a', 'b'), { type: 'failed', id: 'a', error: 'boom' }],
      ['a:failed', 'b:uploading'],
    ],
    [
      'the next starts when the current one is removed',
      [add('a', 'b'), { type: 'remove', id: 'a' }],
      ['b:uploading'],
    ],
    ['an item added while one uploads waits', [add('a'), add('b')], ['a:uploading', 'b:pending']],
    [
      'a retry waits its turn',
      [add('a', 'b'), { type: 'failed', id: 'a', error: 'x' }, { type: 'retry', id: 'a' }],
      ['a:pending', 'b:uploading'],
    ],
    [
      'a retry starts when the queue is idle',
      [add('a'), { type: 'failed', id: 'a', error: 'x' }, { type: 'retry', id: 'a' }],
      ['a:uploading'],
    ],
    ['an id added twice is one item', [add('a'), add('a')], ['a:uploading']],
    ['clear empties the queue', [add('a', 'b'), { type: 'clear' }], []],
  ])('%s', (_label, actions, expected) => {
    expect(statuses(run(actions))).toEqual(expected);
  });

  it('records the signed id of an uploaded item and the error of a failed one', () => {
    const uploaded = run([add('a'), { type: 'succeeded', id: 'a', signedId: '12--sig' }]);
    expect(uploaded[0]).toMatchObject({ status: 'uploaded', signedId: '12--sig' });
    const failed = run([add('a'), { type: 'failed', id: 'a', error: 'offline' }]);
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'offline' });
  });

  it.each<[string, UploadAction<string>[]]>([
    [
      'success for an item that is not uploading',
      [add('a', 'b'), { type: 'succeeded', id: 'b', signedId: 's' }],
    ],
    ['failure for an unknown item', [add('a'), { type: 'failed', id: 'zz', error: 'x' }]],
    ['retry of an item that did not fail', [add('a'), { type: 'retry', id: 'a' }]],
    ['removing an unknown item', [add('a'), { type: 'remove', id: 'zz' }]],
  ])('ignores a transition that is not allowed: %s', (_label, actions) => {
    const before = run(actions.slice(0, -1));
    expect(uploadQueue(before, actions.at(-1)!)).toBe(before);
  });

  it('ignores a late answer for a removed item', () => {
    const items = run([add('a'), { type: 'remove', id: 'a' }, { type: 'succeeded', id: 'a', signedId: 's' }]);
    expect(items).toEqual([]);
  });

  it('never has two uploads at once, whatever happens', () => {
    const actions: UploadAction<string>[] = [
      add('a', 'b', 'c'),
      { type: 'failed', id: 'a', error: 1 },
      { type: 'retry', id: 'a' },
      { type: 'succeeded', id: 'b', signedId: 'sb' },
      add('d'),
      { type: 'remove', id: 'a' },
    ];
    let items: Item[] = [];
    for (const action of actions) {
      items = uploadQueue(items, action);
      expect(items.filter((item) => item.status === 'uploading').length).toBeLessThanOrEqual(1);
    }
    expect(statuses(items)).toEqual(['b:uploaded', 'c:uploading', 'd:pending']);
  });
});

describe('currentUpload and isBusy', () => {
  it('tell what is being sent and whether a form may be saved', () => {
    const items = run([add('a', 'b')]);
    expect(currentUpload(items)?.id).toBe('a');
    expect(isBusy(items)).toBe(true);
    const done = run(
      [
        { type: 'succeeded', id: 'a', signedId: 's' },
        { type: 'succeeded', id: 'b', signedId: 't' },
      ],
      items,
    );
    expect(currentUpload(done)).toBeUndefined();
    expect(isBusy(done)).toBe(false);
    expect(isBusy(run([add('a'), { type: 'failed', id: 'a', error: 'x' }]))).toBe(false);
  });
});
