import { describe, expect, it } from 'vitest';
import { defaultHelp, envNames, optionHelp } from '../../../main/config/help-text';

describe('help texts from the settings table', () => {
  it('names the variable and its aliases, then the default', () => {
    expect(envNames('brokerUrl')).toBe('$CLARITY_HITL_BROKER (or $CLARITY_HITL_BROKER_URL)');
    expect(envNames('stateDir')).toBe('$CLARITY_HITL_STATE_DIR');
    expect(defaultHelp('brokerUrl')).toBe(
      'default: $CLARITY_HITL_BROKER (or $CLARITY_HITL_BROKER_URL), else the discovery file, else http://127.0.0.1:7842/',
    );
    expect(optionHelp('brokerUrl', 'running broker', 'the discovery file')).toBe(
      'running broker (default: $CLARITY_HITL_BROKER (or $CLARITY_HITL_BROKER_URL), else the discovery file)',
    );
    expect(optionHelp('hookTimeout', 'wait')).toBe(
      'wait (default: $CLARITY_HITL_HOOK_TIMEOUT, else 570)',
    );
  });
});
