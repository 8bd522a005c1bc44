import { describe, expect, it } from 'vitest';
import { CONTENT_RESULT_KEY } from './content-item.js';
import { describeContent } from './describe-content.js';
import { audio, embeddedResource, image, resourceLink, text } from './result-helpers.js';

const items = (...results: { [CONTENT_RESULT_KEY]: readonly unknown[] }[]) =>
  results.flatMap((result) => result[CONTENT_RESULT_KEY]) as Parameters<typeof describeContent>[0];

describe('describeContent', () => {
  it('keeps text and puts a placeholder for everything else, one item per line', () => {
    const png = Buffer.alloc(1234, 1);
    expect(
      describeContent(
        items(
          text('Here is the chart:'),
          image(png, 'image/png'),
          audio('UklGRg==', 'audio/wav'),
          embeddedResource({ uri: 'test://notes', mimeType: 'text/plain', text: 'Line 1' }),
          embeddedResource({ uri: 'test://logo', blob: 'aGk=' }),
          resourceLink({ uri: 'file:///r.pdf', name: 'r.pdf', mimeType: 'application/pdf' }),
        ),
      ),
    ).toBe(
      [
        'Here is the chart:',
        '[image: image/png, 1234 bytes]',
        '[audio: audio/wav, 4 bytes]',
        '[resource: test://notes, text/plain]',
        'Line 1',
        '[resource: test://logo, 2 bytes]',
        '[resource link: r.pdf, file:///r.pdf, application/pdf]',
      ].join('\n'),
    );
  });

  it('is the text itself for a text result', () => {
    expect(describeContent(items(text('exactly this')))).toBe('exactly this');
  });
});
