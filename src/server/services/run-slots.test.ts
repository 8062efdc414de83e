import { createRunSlots, previewRunsBusyMessage } from './run-slots';

describe('run slots per person', () => {
  it('gives each person their own slots, and refuses past them', () => {
    const slots = createRunSlots(2);
    const first = slots.take('ada');
    const second = slots.take('ada');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.take('ada')).toBeNull();
    // Another person is not held back by Ada's runs.
    expect(slots.take('bo')).not.toBeNull();
    expect([slots.inUse('ada'), slots.inUse('bo')]).toEqual([2, 1]);
  });

  it('takes a slot back once, however often it is given back', () => {
    const slots = createRunSlots(1);
    const release = slots.take('ada');
    release?.();
    release?.();
    expect(slots.inUse('ada')).toBe(0);
    const again = slots.take('ada');
    expect(again).not.toBeNull();
    release?.(); // an old release does not free the new slot
    expect(slots.take('ada')).toBeNull();
  });

  it.each([
    [1, 'You already have a run going. Wait for one to finish, then run again.'],
    [2, 'You already have 2 runs going. Wait for one to finish, then run again.'],
  ])('says how many runs are going (%i)', (perUser, message) => {
    expect(previewRunsBusyMessage(perUser)).toBe(message);
  });
});
