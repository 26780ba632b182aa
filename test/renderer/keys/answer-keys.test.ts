import { describe, expect, it } from 'vitest';
import { popoverKeyAction } from '../../../renderer/src/popover/popover-keys';

const outside = { inTextField: false, inMultiline: false };

describe('the answer keys (popover and inbox)', () => {
  it('? asks for the help anywhere but in a field, even with nothing pending', () => {
    expect(popoverKeyAction({ key: '?' }, { ...outside, kind: undefined })).toEqual({
      type: 'help',
    });
    expect(popoverKeyAction({ key: '?' }, { ...outside, kind: 'text' })).toEqual({ type: 'help' });
    expect(
      popoverKeyAction({ key: '?' }, { kind: 'text', inTextField: true, inMultiline: false }),
    ).toBeUndefined();
    expect(
      popoverKeyAction({ key: '?' }, { kind: 'text', inTextField: false, inMultiline: true }),
    ).toBeUndefined();
  });

  it('Y and N reach permission requests too (N denies, Y goes to Allow once)', () => {
    expect(popoverKeyAction({ key: 'n' }, { ...outside, kind: 'approval' })).toEqual({
      type: 'decline',
    });
    expect(popoverKeyAction({ key: 'y' }, { ...outside, kind: 'approval' })).toEqual({
      type: 'approve',
    });
    expect(popoverKeyAction({ key: 'n' }, { ...outside, kind: 'text' })).toBeUndefined();
  });

  it('digits pick only on a choice, never with a modifier', () => {
    expect(popoverKeyAction({ key: '3' }, { ...outside, kind: 'choice' })).toEqual({
      type: 'pick',
      index: 2,
    });
    expect(popoverKeyAction({ key: '3' }, { ...outside, kind: 'confirm' })).toBeUndefined();
    expect(
      popoverKeyAction({ key: '3', ctrlKey: true }, { ...outside, kind: 'choice' }),
    ).toBeUndefined();
  });
});
