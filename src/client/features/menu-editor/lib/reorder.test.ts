import { describe, expect, it } from 'vitest';
import { moveItem } from './reorder.ts';

describe('moveItem', () => {
  it('moves an entry up or down and leaves the input alone', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveItem(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});
