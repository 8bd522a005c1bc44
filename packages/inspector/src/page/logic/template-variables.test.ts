import { describe, expect, it } from 'vitest';
import { filledValues, templateVariables } from './template-variables.js';

describe('templateVariables', () => {
  it('requires the path variables and leaves the query ones optional', () => {
    expect(
      templateVariables('apcore://system.usage.module/{module_id}{?period}', [
        'module_id',
        'period',
      ]),
    ).toEqual({ names: ['module_id', 'period'], required: ['module_id'] });
    expect(templateVariables('x://{a}{?b,c*}{&d:3}', ['a', 'b', 'c', 'd']).required).toEqual(['a']);
    expect(templateVariables('test://template/{id}/data', ['id']).required).toEqual(['id']);
  });
});

describe('filledValues', () => {
  it('leaves out what was left empty', () => {
    expect(filledValues({ module_id: 'a', period: '' })).toEqual({ module_id: 'a' });
    expect(filledValues({ module_id: 'a', period: '24h' })).toEqual({
      module_id: 'a',
      period: '24h',
    });
  });
});
