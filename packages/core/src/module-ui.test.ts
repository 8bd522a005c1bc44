import { describe, expect, it } from 'vitest';
import { defineModule } from './define-module.js';
import { describeUiProblem, toModuleUi } from './module-ui.js';

describe('a module ui', () => {
  it('takes a path as a file, and an object as a copy', () => {
    expect(toModuleUi('./card.html')).toEqual({ file: './card.html' });
    const given = { html: '<p/>', csp: { connectDomains: ['https://api.example.com'] } };
    const ui = toModuleUi(given);
    given.csp.connectDomains.push('https://other.example.com');
    expect(ui).toEqual({ html: '<p/>', csp: { connectDomains: ['https://api.example.com'] } });
  });

  it.each([
    ['', 'ui must not be empty'],
    [42, 'ui must be a path to an HTML file or an object'],
    [{}, 'ui needs exactly one of html and file'],
    [{ html: '<p/>', file: './a.html' }, 'ui needs exactly one of html and file'],
    [{ html: 1 }, 'ui.html must be a string'],
    [{ html: '<p/>', csp: { scriptDomains: [] } }, /^ui\.csp must be an object of string lists/],
    [{ html: '<p/>', permissions: { camera: true } }, /^ui\.permissions must be an object/],
    [{ html: '<p/>', prefersBorder: 'yes' }, 'ui.prefersBorder must be a boolean'],
  ])('refuses %j', (value, problem) => {
    expect(describeUiProblem(value)).toMatch(problem);
  });

  it('is kept by defineModule', () => {
    const module = defineModule({
      description: 'Show a card',
      inputSchema: { type: 'object' },
      ui: { file: './card.html', permissions: { clipboardWrite: {} } },
      execute: () => ({}),
    });
    expect(module.ui).toEqual({ file: './card.html', permissions: { clipboardWrite: {} } });
  });
});
