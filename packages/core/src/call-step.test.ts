import { describe, expect, it } from 'vitest';
import {
  type CallStep,
  composeSteps,
  MODULE_CALL_STEPS_KEY,
  type ModuleCall,
  readModuleCallSteps,
} from './call-step.js';

describe('composeSteps', () => {
  it('runs the steps outermost first around the last, skipping absent ones', async () => {
    const events: string[] = [];
    const step =
      (name: string): CallStep<ModuleCall, string> =>
      async (call, next) => {
        events.push(`${name} before ${call.moduleId}`);
        const answer = await next();
        events.push(`${name} after ${answer}`);
        return `${name}(${answer})`;
      };
    const run = composeSteps([step('outer'), undefined, step('inner')], async (call) => {
      events.push(`run ${call.moduleId}`);
      return 'ok';
    });
    expect(await run({ moduleId: 'math.add' })).toBe('outer(inner(ok))');
    expect(events).toEqual([
      'outer before math.add',
      'inner before math.add',
      'run math.add',
      'inner after ok',
      'outer after inner(ok)',
    ]);
  });

  it('lets a step answer without calling next, and rethrows what the last throws', async () => {
    let ran = false;
    const refuse: CallStep<ModuleCall, string> = async () => 'refused';
    const last = async () => {
      ran = true;
      return 'ran';
    };
    expect(await composeSteps([refuse], last)({ moduleId: 'a' })).toBe('refused');
    expect(ran).toBe(false);
    const failing = composeSteps<ModuleCall, string>([], async () => {
      throw new Error('boom');
    });
    await expect(failing({ moduleId: 'a' })).rejects.toThrow('boom');
  });
});

describe('readModuleCallSteps', () => {
  it('reads a list of functions, and nothing from anything else', () => {
    const step: CallStep<ModuleCall, unknown> = (_call, next) => next();
    expect(readModuleCallSteps({ [MODULE_CALL_STEPS_KEY]: [step] })).toEqual([step]);
    expect(readModuleCallSteps(undefined)).toEqual([]);
    expect(readModuleCallSteps({})).toEqual([]);
    expect(readModuleCallSteps({ [MODULE_CALL_STEPS_KEY]: step })).toEqual([]);
    expect(readModuleCallSteps({ [MODULE_CALL_STEPS_KEY]: [step, 'no'] })).toEqual([]);
  });
});
