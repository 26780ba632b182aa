import { describe, expect, it } from 'vitest';
import { refusal } from '../../../renderer/src/settings/use-settings-form';

describe('a refused settings save, as the operator reads it', () => {
  it('drops the IPC wrapping and keeps the field and its rule', () => {
    const electron = new Error(
      "Error invoking remote method 'settings:update': Error: invalid settings:update payload: port: must be at most 65535",
    );
    expect(refusal(electron)).toBe('port: must be at most 65535');
    expect(
      refusal(new Error('invalid settings:update payload: phone.ntfyTokenFile: relative')),
    ).toBe('phone.ntfyTokenFile: relative');
  });

  it('leaves any other message as it is', () => {
    expect(refusal(new Error('the settings file is read-only'))).toBe(
      'the settings file is read-only',
    );
    expect(refusal('disk full')).toBe('disk full');
  });
});
